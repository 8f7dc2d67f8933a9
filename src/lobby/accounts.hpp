#pragma once
/// The players of a public server (`tercio lobby`): one shared Unix account runs the lobby for
/// everyone, so tercio keeps its own accounts. A lobby's directory (`--root`, docs/server.md)
/// holds:
///
///     accounts/NAME     one file per registered name (its key: the name in small letters),
///                       holding the name as registered and its password's Argon2id hash
///     accounts/.logins  the wrong passwords lately given, per name and in all (rate limits)
///     players/NAME/     the player's saves and seat tokens (a save directory, data::SaveDir)
///     games/            the game servers' sockets (`--server-dir` of every game hosted here)
///
/// A password is never written, only its hash (libsodium's crypto_pwhash_str: Argon2id, a random
/// salt, the cost written in the hash). Every lobby is a process of its own (one per SSH
/// connection), so the limits on wrong passwords live in a file, read and written under a lock.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/save_store.hpp"

namespace tercio::lobby {

/// What hashing one password costs: libsodium's interactive limits (about 0.1 to 0.3 s and 64 MiB)
/// unless a test asks for the least.
struct HashCost {
    unsigned long long ops = 0;  ///< 0: crypto_pwhash_OPSLIMIT_INTERACTIVE
    std::size_t memory = 0;      ///< 0: crypto_pwhash_MEMLIMIT_INTERACTIVE
    /// The least libsodium allows: for tests only (a hash made so is easy to guess).
    static HashCost least();
};

/// How many wrong passwords are let through, per name and in all (docs/server.md).
struct LoginLimits {
    int free_tries = 3;            ///< wrong passwords for a name before it must wait
    int first_wait_s = 10;         ///< the wait after the next one; it doubles with each further one
    int longest_wait_s = 15 * 60;  ///< ... up to this
    int forget_after_s = 60 * 60;  ///< a name's wrong passwords are forgotten this long after the last
    int per_minute = 30;           ///< wrong passwords a minute over every name, past which every log-in waits
    std::size_t names_kept = 4096; ///< the record's size: the names least lately wrong are forgotten first
};

/// Passwords: 6 to 128 bytes of printable characters (any script), no control characters.
inline constexpr std::size_t kMinPassword = 6;
inline constexpr std::size_t kMaxPassword = 128;
/// Why a password cannot be chosen, or "".
std::string password_problem(std::string_view password);

/// What a log-in or a registration came to.
struct Verdict {
    enum class Kind {
        Ok,        ///< logged in (or registered and logged in) as `name`
        Unknown,   ///< no player of that name
        Wrong,     ///< wrong password
        Locked,    ///< the administrator locked the name
        Wait,      ///< too many wrong passwords: try again in `wait_s` seconds
        Taken,     ///< registering: the name is someone's already
        Refused,   ///< registering: the name or the password is not one that can be chosen
        Error      ///< the disk or a damaged file: `why` says which
    };
    Kind kind = Kind::Error;
    std::string name;  ///< the name as registered (Ok)
    std::string why;   ///< a sentence for the player
    int wait_s = 0;    ///< Wait: seconds
};

/// A lobby's accounts, its directories opened and checked (ours, private, no symbolic links).
class Accounts {
  public:
    /// Opens `root` (made if missing, mode 0700) and its accounts, players and games folders.
    /// Nothing, with a reason naming the directory, when one is refused (data::SaveDir's rules).
    static std::unique_ptr<Accounts> open(const std::filesystem::path& root, std::string& why,
                                          HashCost cost = {}, LoginLimits limits = {});

    /// Registers `name` with `password` (its hash only is written), unless the name is taken (in
    /// any mix of capital and small letters), locked, not a player name, or the password too short
    /// or too long. `now`: seconds since the epoch.
    Verdict register_player(std::string_view name, std::string_view password, std::int64_t now);
    /// Checks a name and password against the limits on wrong passwords, then the hash.
    Verdict log_in(std::string_view name, std::string_view password, std::int64_t now);

    /// The administrator's lock: a locked name cannot log in or be registered (a name not yet
    /// registered is kept from everyone). False, with a reason, if the file cannot be written.
    bool set_locked(std::string_view name, bool locked, std::string& why);

    /// The registered names (as registered), in order of their keys; `locked` marks those locked.
    struct Listed {
        std::string name;
        bool locked = false;
        bool has_password = false;
    };
    std::vector<Listed> list() const;

    const std::filesystem::path& root() const { return root_; }
    /// Where the players' save directories are (one folder per player): `--save-dir` of their games.
    std::filesystem::path players() const { return root_ / "players"; }
    /// Where the games hosted here are found: `--server-dir` of their games.
    std::filesystem::path games() const { return root_ / "games"; }

  private:
    Accounts(std::filesystem::path root, std::unique_ptr<data::SaveDir> accounts, HashCost cost, LoginLimits limits)
        : root_(std::move(root)), accounts_(std::move(accounts)), cost_(cost), limits_(limits) {}
    std::filesystem::path root_;
    std::unique_ptr<data::SaveDir> accounts_;
    HashCost cost_;
    LoginLimits limits_;
};

/// An account file's text (the key is the file's name).
struct AccountFile {
    std::string name;
    std::string hash;  ///< "" for a name the administrator locked before anyone registered it
    bool locked = false;
    std::string created;
};
std::string write_account(const AccountFile& a);
/// Nothing, with a reason, for a file that is not one.
std::optional<AccountFile> read_account(std::string_view text, std::string& why);

/// The record of wrong passwords, as kept in accounts/.logins. Pure: tests drive it with times.
class LoginRecord {
  public:
    explicit LoginRecord(LoginLimits limits) : limits_(limits) {}
    /// Reads the file's text; lines that are not understood are dropped (the record only ever
    /// errs towards letting a player in).
    void read(std::string_view text);
    std::string write() const;

    /// Seconds `key` must wait before a try at `now` (0: it may try now).
    int wait(const std::string& key, std::int64_t now) const;
    /// Counts a try at `now` as wrong (before the hash is checked, so that many tries at once
    /// are counted); `right` takes it back once the password proved right.
    void wrong(const std::string& key, std::int64_t now);
    void right(const std::string& key, std::int64_t now);

  private:
    struct Name {
        std::string key;
        int wrong = 0;
        std::int64_t last = 0;        ///< the last wrong try
        std::int64_t held_until = 0;  ///< no try before this
    };
    LoginLimits limits_;
    std::vector<Name> names_;
    std::int64_t minute_ = 0;  ///< the minute (now / 60) that `in_minute_` counts
    int in_minute_ = 0;
    Name* find(const std::string& key);
    const Name* find(const std::string& key) const;
};

}  // namespace tercio::lobby
