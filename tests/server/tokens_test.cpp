// Tests of server/tokens.cpp: the form of tokens, their randomness, hashing and comparison.
#include <catch2/catch.hpp>

#include <set>

#include "server/tokens.hpp"

using namespace arbiter::server;

TEST_CASE("tokens: 128 random bits in hex after a prefix naming what they open", "[server][tokens]") {
  TokenKind kind;
  std::string s = new_token(TokenKind::Seat), w = new_token(TokenKind::Watch), h = new_token(TokenKind::Host);
  CHECK(s.size() == 34);
  CHECK((s.rfind("s.", 0) == 0 && w.rfind("w.", 0) == 0 && h.rfind("h.", 0) == 0));
  REQUIRE(token_kind(s, kind));
  CHECK(kind == TokenKind::Seat);
  REQUIRE(token_kind(w, kind));
  CHECK(kind == TokenKind::Watch);
  REQUIRE(token_kind(h, kind));
  CHECK(kind == TokenKind::Host);
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(new_token(TokenKind::Seat));
  CHECK(seen.size() == 1000);
}

TEST_CASE("tokens: malformed ones are refused before any lookup", "[server][tokens]") {
  TokenKind kind;
  std::string good = new_token(TokenKind::Seat);
  CHECK_FALSE(token_kind("", kind));
  CHECK_FALSE(token_kind(good.substr(0, 33), kind));
  CHECK_FALSE(token_kind(good + "0", kind));
  CHECK_FALSE(token_kind("x" + good.substr(1), kind));
  CHECK_FALSE(token_kind("s." + std::string(32, 'G'), kind));
  CHECK_FALSE(token_kind("s." + std::string(32, 'A'), kind));  // lowercase hex only
  CHECK_FALSE(token_kind("s:" + good.substr(2), kind));
}

TEST_CASE("tokens: the hash is SHA-256, compared whole", "[server][tokens]") {
  // SHA-256("abc"), FIPS 180-2's example.
  CHECK(token_hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  std::string a = token_hash("s.00000000000000000000000000000001"),
              b = token_hash("s.00000000000000000000000000000002");
  CHECK(same_hash(a, a));
  CHECK_FALSE(same_hash(a, b));
  CHECK_FALSE(same_hash(a, a.substr(0, 63)));
  CHECK_FALSE(same_hash(a, ""));
}
