#include "net/handshake.hpp"

#include <sodium.h>
#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <tuple>
#include <mutex>
#include <stdexcept>

namespace tercio::net {

namespace {

void need_sodium() {
    // sodium_init is safe to call again; once is enough.
    static std::once_flag once;
    std::call_once(once, [] {
        if (::sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
    });
}

std::string hex(const unsigned char* b, std::size_t n) {
    std::string out(n * 2 + 1, '\0');
    ::sodium_bin2hex(out.data(), out.size(), b, n);
    out.pop_back();
    return out;
}

/// A game's id: 8 lower-case hex digits.
bool valid_id(std::string_view id) {
    return id.size() == 8 && std::all_of(id.begin(), id.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string message_of(Prover by, const Binding& b) {
    // Fields joined by a byte none of them can hold: ids, nonces and identities are printable.
    std::string m = by == Prover::Server ? "tercio-net 2 server" : "tercio-net 2 client";
    for (const std::string* f : {&b.game_id, &b.secret_for, &b.client_nonce, &b.server_nonce, &b.server, &b.client}) {
        m += '\n';
        m += *f;
    }
    return m;
}

}  // namespace

std::string code_tag(std::string_view game_id) {
    // The id's 32 bits, folded into two letters.
    std::uint32_t v = 0;
    for (char c : game_id) v = v * 16 + static_cast<std::uint32_t>(c >= 'a' ? c - 'a' + 10 : c - '0');
    const std::size_t n = kCodeLetters.size();
    return {kCodeLetters[v % n], kCodeLetters[(v / n) % n]};
}

SecretKey code_key(std::string_view code) {
    need_sodium();
    const std::string_view tag = code.substr(0, kCodeTagLength);
    const std::string_view secret = code.substr(std::min(code.size(), kCodeTagLength));
    // The salt: a hash of the tag, so that a table of every code made for one tag serves 1 game in 529.
    const std::string salt_text = "tercio join code " + std::string(tag);
    unsigned char salt[crypto_pwhash_SALTBYTES];
    crypto_generichash(salt, sizeof salt, reinterpret_cast<const unsigned char*>(salt_text.data()), salt_text.size(),
                       nullptr, 0);
    SecretKey key{};
    if (crypto_pwhash(key.data(), key.size(), secret.data(), secret.size(), salt, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                      crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0) {
        throw std::runtime_error("not enough memory to derive the join code's key (64 MiB)");
    }
    return key;
}

SecretKey seat_key(std::string_view token) {
    need_sodium();
    static constexpr std::string_view kContext = "tercio seat token";
    SecretKey key{};
    crypto_generichash(key.data(), key.size(), reinterpret_cast<const unsigned char*>(token.data()), token.size(),
                       reinterpret_cast<const unsigned char*>(kContext.data()), kContext.size());
    return key;
}

std::string make_nonce() {
    unsigned char b[16];
    std::size_t got = 0;
    while (got < sizeof b) {
        const ssize_t r = ::getrandom(b + got, sizeof b - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("getrandom failed");
        }
        got += static_cast<std::size_t>(r);
    }
    return hex(b, sizeof b);
}

bool valid_nonce(std::string_view text) {
    if (text.size() != 32) return false;
    for (char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    }
    return true;
}

std::string local_identity(std::uint32_t uid) { return "uid " + std::to_string(uid); }

std::string proof(const SecretKey& key, Prover by, const Binding& b) {
    need_sodium();
    static_assert(crypto_auth_KEYBYTES == std::tuple_size_v<SecretKey>);
    const std::string m = message_of(by, b);
    unsigned char mac[crypto_auth_BYTES];
    crypto_auth(mac, reinterpret_cast<const unsigned char*>(m.data()), m.size(), key.data());
    return hex(mac, sizeof mac);
}

bool proof_ok(const SecretKey& key, Prover by, const Binding& b, std::string_view proof_hex) {
    need_sodium();
    unsigned char mac[crypto_auth_BYTES];
    std::size_t len = 0;
    if (proof_hex.size() != 2 * sizeof mac ||
        ::sodium_hex2bin(mac, sizeof mac, proof_hex.data(), proof_hex.size(), nullptr, &len, nullptr) != 0 ||
        len != sizeof mac) {
        return false;
    }
    const std::string m = message_of(by, b);
    return crypto_auth_verify(mac, reinterpret_cast<const unsigned char*>(m.data()), m.size(), key.data()) == 0;
}

Message hello_message(const JoinRequest& r, const std::string& nonce) {
    Message m("hello");
    m.add("protocol", std::string(kProtocolName)).add("version", std::to_string(kProtocolVersion)).add("program", r.program);
    m.add("role", r.role == JoinRequest::Role::Play ? "play" : r.role == JoinRequest::Role::Watch ? "watch" : "list");
    if (r.role == JoinRequest::Role::Play) {
        if (r.code_key) {
            m.add("auth", "code");
        } else if (r.seat && !r.token.empty()) {
            m.add("auth", "seat").add("seat", std::string(1, core::side_letter(*r.seat)));
        }
        if (!nonce.empty()) m.add("nonce", nonce);
    }
    if (!r.name.empty()) m.add("name", r.name);
    if (!r.side.empty()) m.add("side", r.side);
    return m;
}

ProveOrRefuse answer_challenge(const JoinRequest& r, const std::string& nonce, const Message& challenge,
                               const std::string& server_identity, const std::string& client_identity) {
    ProveOrRefuse out;
    const std::string game(challenge.value("game"));
    if (!valid_id(game) || !valid_nonce(challenge.value("nonce"))) {
        out.why = "the game server's challenge is not one";
        return out;
    }
    Binding b;
    b.game_id = game;
    b.client_nonce = nonce;
    b.server_nonce = std::string(challenge.value("nonce"));
    b.server = server_identity;
    b.client = client_identity;
    SecretKey key{};
    if (r.code_key) {
        if (code_tag(game) != r.code.substr(0, kCodeTagLength)) {
            out.why = "the code " + r.code + " is not for game " + game + ": nothing was sent";
            return out;
        }
        b.secret_for = "code";
        key = *r.code_key;
    } else if (r.seat && !r.token.empty()) {
        b.secret_for = std::string("seat ") + core::side_letter(*r.seat);
        key = seat_key(r.token);
    } else {
        out.why = "the game server asked for a proof that was not offered";
        return out;
    }
    if (!proof_ok(key, Prover::Server, b, challenge.value("proof"))) {
        // A wrong code and a server that is not the game's look alike from here.
        out.why = r.code_key ? "the code " + r.code + " does not match game " + game +
                                   " (is it mistyped? or is that not the game's own server?): nothing was sent to it"
                             : "game " + game +
                                   "'s server could not prove it knows your seat's token: it is not the server of "
                                   "your game (someone else's in its place?), and nothing was sent to it";
        return out;
    }
    out.prove = Message("prove").add("proof", proof(key, Prover::Client, b));
    return out;
}

}  // namespace tercio::net
