// Tokens (server/tokens.hpp): getrandom for the bits, OpenSSL's libcrypto for SHA-256 and
// a comparison that takes the same time wherever two hashes differ.
#include "server/tokens.hpp"

#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace arbiter::server {

namespace {

constexpr std::size_t kTokenBytes = 16;  // 128 bits: no guessing against any rate limit
const char kHex[] = "0123456789abcdef";

std::string hex(const unsigned char* bytes, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  return out;
}

char prefix(TokenKind kind) { return kind == TokenKind::Seat ? 's' : kind == TokenKind::Watch ? 'w' : 'h'; }

}  // namespace

void random_bytes(unsigned char* out, std::size_t n) {
  while (n > 0) {
    ssize_t got = ::getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("getrandom: ") + std::strerror(errno));
    }
    out += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::string new_token(TokenKind kind) {
  unsigned char bytes[kTokenBytes];
  random_bytes(bytes, sizeof bytes);
  return std::string(1, prefix(kind)) + "." + hex(bytes, sizeof bytes);
}

std::string new_table_id() {
  const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  unsigned char bytes[8];
  random_bytes(bytes, sizeof bytes);
  std::string id;
  for (unsigned char b : bytes) id += alphabet[b % 36];  // 36^8: about 41 bits; the id is not a secret
  return id;
}

bool token_kind(std::string_view token, TokenKind& kind) {
  if (token.size() != 2 + 2 * kTokenBytes || token[1] != '.') return false;
  for (char c : token.substr(2))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  switch (token[0]) {
    case 's': kind = TokenKind::Seat; return true;
    case 'w': kind = TokenKind::Watch; return true;
    case 'h': kind = TokenKind::Host; return true;
    default: return false;
  }
}

std::string token_hash(std::string_view token) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), digest);
  return hex(digest, sizeof digest);
}

bool same_hash(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace arbiter::server
