#pragma once
/// The join handshake: how a client and a game server prove to each other that they hold the
/// same secret (a join code, or a seat's token) without either sending it. The server proves
/// first, so a client never gives anything derived from its secret to a server that does not
/// already know it (a fake server planted in a shared directory, or one squatting a finished
/// game's id, learns nothing); then the client proves, and the server seats it.
///
///     client -> hello     role play, auth code|seat, seat A|B, nonce NC
///     server -> challenge game ID, nonce NS, proof MAC(K, "server" | binding)
///     client -> prove     proof MAC(K, "client" | binding)
///
/// The binding holds the game's id, what the secret is for, both nonces, and who each end is
/// as the other sees it (on a Unix socket the peers' uids, by SO_PEERCRED; over TCP nothing), so
/// a proof cannot be relayed: a fake server that passes a real server's challenge on is seen by
/// the client under its own uid, and by the real server as the client. The MACs are libsodium's
/// crypto_auth (HMAC-SHA-512-256). A token is 128 random bits, its key a hash of it. A join code
/// is short enough to type (31.7 secret bits), so its key is stretched with Argon2id: a server's
/// proof, which anyone may ask for while a seat is open, lets a guesser test codes offline only
/// at the cost of one Argon2id derivation each. See docs/network.md, "Threat model".
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/side.hpp"
#include "net/protocol.hpp"

namespace tercio::net {

/// A key of the handshake's MAC.
using SecretKey = std::array<unsigned char, 32>;

/// A join code: kCodeTagLength letters that name its game (code_tag of the game's id, public),
/// then kCodeSecretLength secret letters, all of a 23-letter alphabet (no I, L, O).
inline constexpr std::size_t kCodeTagLength = 2;
inline constexpr std::size_t kCodeSecretLength = 7;
inline constexpr std::size_t kCodeLength = kCodeTagLength + kCodeSecretLength;
inline constexpr std::string_view kCodeLetters = "ABCDEFGHJKMNPQRSTUVWXYZ";

/// The two letters of a join code that name the game `game_id` (8 hex digits): a client given
/// a code knocks only at the games whose id has this tag (one in 529).
std::string code_tag(std::string_view game_id);

/// The key of a canonical join code (canonical_code()): Argon2id of its secret letters, salted by
/// its tag. Slow on purpose (about 0.1 s and 64 MiB): derive it once, before a server forks.
SecretKey code_key(std::string_view code);

/// The key of a seat's token (32 hex digits).
SecretKey seat_key(std::string_view token);

/// A fresh nonce: 32 hex digits from getrandom.
std::string make_nonce();
/// Whether a text is a nonce (32 lower-case hex digits).
bool valid_nonce(std::string_view text);

/// Who an end of a connection is, as the other end sees it: "uid N" on a Unix socket, "tcp"
/// over TCP (where addresses say nothing that both ends would agree on).
std::string local_identity(std::uint32_t uid);
inline constexpr std::string_view kRemoteIdentity = "tcp";

/// What both proofs of one handshake are bound to.
struct Binding {
    std::string game_id;
    std::string secret_for;  ///< "code", or "seat A" / "seat B"
    std::string client_nonce;
    std::string server_nonce;
    std::string server;  ///< the server's identity, as the client sees it
    std::string client;  ///< the client's identity, as the server sees it
};

/// Which end proves.
enum class Prover { Server, Client };

/// The proof (64 hex digits) of `key` over the binding.
std::string proof(const SecretKey& key, Prover by, const Binding& b);
/// Whether `proof_hex` is that proof (compared in constant time).
bool proof_ok(const SecretKey& key, Prover by, const Binding& b, std::string_view proof_hex);

/// What a client asks for in its hello.
struct JoinRequest {
    enum class Role { Play, Watch, List };
    Role role = Role::Play;
    /// Play by the join code (canonical_code()) and its key (code_key(), derived once by the
    /// caller: it is slow). The code itself is never sent.
    std::string code;
    std::optional<SecretKey> code_key;
    /// Play by a seat's token from an earlier join of this game (never sent), and that seat.
    std::string token;
    std::optional<core::Side> seat;
    std::string name;   ///< the player's name, shown to the others
    std::string side;   ///< "A", "B" or "any"
    std::string program;  ///< this program's version
};

/// The hello message, with the client's nonce when it proves a secret.
Message hello_message(const JoinRequest& r, const std::string& nonce = {});

/// The client's side of the handshake: given the hello's request and nonce and
/// the server's challenge, the proof to send, or the reason to go no further (the server could not
/// prove it holds the secret, or is not the game the code names). Sends nothing itself.
struct ProveOrRefuse {
    std::optional<Message> prove;
    std::string why;
};
ProveOrRefuse answer_challenge(const JoinRequest& r, const std::string& nonce, const Message& challenge,
                               const std::string& server_identity, const std::string& client_identity);

}  // namespace tercio::net
