#include "serve/tokens.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace bredon::serve {
namespace {

void random_bytes(unsigned char* out, size_t n) {
  size_t got = 0;
  while (got < n) {
    const ssize_t r = getrandom(out + got, n - got, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("the operating system gave no random bytes: ") + std::strerror(errno));
    }
    got += static_cast<size_t>(r);
  }
}

std::string hex(const unsigned char* bytes, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    s[2 * i] = digits[bytes[i] >> 4];
    s[2 * i + 1] = digits[bytes[i] & 15];
  }
  return s;
}

}  // namespace

std::string new_token() {
  unsigned char bytes[16];
  random_bytes(bytes, sizeof bytes);
  return hex(bytes, sizeof bytes);
}

std::string new_game_id() {
  static const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  unsigned char bytes[10];
  random_bytes(bytes, sizeof bytes);
  std::string id;
  for (unsigned char b : bytes) id += alphabet[b % 36];  // the small bias is harmless for an id
  return id;
}

std::string hash_token(const std::string& token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (!EVP_Digest(token.data(), token.size(), digest, &length, EVP_sha256(), nullptr))
    throw std::runtime_error("OpenSSL could not compute SHA-256");
  return hex(digest, length);
}

bool token_matches(const std::string& token, const std::string& stored_hash) {
  if (stored_hash.size() != 64 || token.empty()) return false;
  const std::string presented = hash_token(token);
  return CRYPTO_memcmp(presented.data(), stored_hash.data(), 64) == 0;
}

}  // namespace bredon::serve
