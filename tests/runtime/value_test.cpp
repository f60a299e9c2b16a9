// Tests of runtime/value.cpp: the text forms that --set, scenarios and saves share.
#include <catch2/catch.hpp>

#include "runtime/value.hpp"

using namespace arbiter;

TEST_CASE("parse_value reads integers, booleans and none, and anything else as a string") {
  CHECK(parse_value("42") == Value{42});
  CHECK(parse_value("-10") == Value{-10});
  CHECK(parse_value("0").is_int());
  CHECK(parse_value("9223372036854775807") == Value{std::int64_t{9223372036854775807}});
  CHECK(parse_value("true") == Value{true});
  CHECK(parse_value("false") == Value{false});
  CHECK(parse_value("none").is_nil());
  CHECK(parse_value("null").is_nil());
  CHECK(parse_value("~").is_nil());
  CHECK(parse_value("Andy") == Value{"Andy"});
  CHECK(parse_value("").is_string());
  // Not quite numbers or keywords stay text, so nothing is read as what it is not.
  CHECK(parse_value("4x") == Value{"4x"});
  CHECK(parse_value("1.5") == Value{"1.5"});
  CHECK(parse_value(" 4") == Value{" 4"});
  CHECK(parse_value("True") == Value{"True"});
  CHECK(parse_value("99999999999999999999").is_string());  // too big for an integer
}

TEST_CASE("to_text writes what parse_value reads back") {
  CHECK(to_text(Value{}) == "none");
  CHECK(to_text(Value{true}) == "true");
  CHECK(to_text(Value{false}) == "false");
  CHECK(to_text(Value{-10}) == "-10");
  CHECK(to_text(Value{"Andy"}) == "Andy");
  for (const Value& v :
       {Value{}, Value{true}, Value{false}, Value{0}, Value{-7}, Value{123456789}, Value{"x y"}})
    CHECK(parse_value(to_text(v)) == v);
}

TEST_CASE("values of different kinds are never equal") {
  CHECK(Value{4} != Value{"4"});
  CHECK(Value{0} != Value{false});
  CHECK(Value{} != Value{""});
  CHECK(Value{1} == Value{std::int64_t{1}});
  CHECK(Value{"a"}.as_string() == "a");
  CHECK(Value{7}.as_int() == 7);
}
