// Secret tokens: what a link carries to open a seat (`s.`), watch a table (`w.`) or host
// (`h.`). 128 bits from the operating system's random source, written as 32 lowercase hex
// digits after the prefix. The server keeps only each token's SHA-256 and compares hashes
// in constant time, so neither the database nor the timing of a refusal tells a token.
#pragma once
#include <string>
#include <string_view>

namespace arbiter::server {

enum class TokenKind { Seat, Watch, Host };

// A fresh token of `kind` ("s.3f…"). Throws std::runtime_error if the OS gives no randomness.
std::string new_token(TokenKind kind);
// A table's id: 48 random bits as 8 characters of [a-z0-9] (not secret: it names the table).
std::string new_table_id();

// The kind a token's prefix names; false for text that is not a well-formed token (wrong
// prefix, length or digits), which is refused without being hashed or looked up.
bool token_kind(std::string_view token, TokenKind& kind);

// The SHA-256 of `token`, as 64 lowercase hex digits: what the store keeps.
std::string token_hash(std::string_view token);

// Whether two hashes are equal, in time that depends only on their lengths.
bool same_hash(std::string_view a, std::string_view b);

// Random bytes from getrandom(2). Throws std::runtime_error when the OS will not give them.
void random_bytes(unsigned char* out, std::size_t n);

}  // namespace arbiter::server
