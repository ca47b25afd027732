// Seat tokens of `bredon serve`: whoever holds a seat's token plays that seat. A token is 128
// random bits from the operating system, shown once to its holder; the server keeps only its
// SHA-256 and compares hashes in constant time, so a stolen database or a timing probe gives
// no seat away.
#pragma once

#include <string>

namespace bredon::serve {

// 32 lowercase hex digits from getrandom(2).
std::string new_token();
// A game's public id: 10 characters from [a-z0-9] (about 51 bits), unguessable enough that
// nobody stumbles on other people's games; it grants watching only.
std::string new_game_id();
// SHA-256 of the token, as 64 hex digits.
std::string hash_token(const std::string& token);
// True when `token` hashes to `stored_hash`; the comparison takes the same time wherever the
// hashes differ. An empty hash (a seat nobody holds) matches nothing.
bool token_matches(const std::string& token, const std::string& stored_hash);

}  // namespace bredon::serve
