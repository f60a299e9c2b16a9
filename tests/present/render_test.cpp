// Tests of present/render.cpp: what the table display draws of a view.
#include <catch2/catch.hpp>

#include "present/render.hpp"

using namespace arbiter;
using arbiter::present::render_table;

namespace {

// A view of one seat with the variables given, as make_view would carry them.
View seat_view(std::vector<std::pair<std::string, std::string>> vars, std::vector<Value> values) {
  View v;
  v.seat = 0;
  v.ruleset = "probe";
  SeatView s;
  s.name = "Andy";
  s.status = "in";
  s.vars = std::move(vars);
  s.values = std::move(values);
  v.seats.push_back(std::move(s));
  v.labels = {{"protected", "protected by a Handmaid"}};
  return v;
}

}  // namespace

TEST_CASE("render: a flag is its label when true and absent when false; an empty text is absent") {
  View on = seat_view({{"protected", "true"}, {"bets", ""}, {"score", "3"}}, {Value(true), Value(std::string()),
                                                                             Value(std::int64_t{3})});
  std::string table = render_table(on, "Probe", false);
  CHECK(table.find("protected by a Handmaid") != std::string::npos);
  CHECK(table.find("protected by a Handmaid true") == std::string::npos);
  CHECK(table.find("bets") == std::string::npos);
  CHECK(table.find("score 3") != std::string::npos);
  View off = seat_view({{"protected", "false"}, {"score", "3"}}, {Value(false), Value(std::int64_t{3})});
  CHECK(render_table(off, "Probe", false).find("protected") == std::string::npos);
  // A text that reads "true" is a text, shown with its value.
  View text = seat_view({{"mood", "true"}}, {Value(std::string("true"))});
  CHECK(render_table(text, "Probe", false).find("mood true") != std::string::npos);
}
