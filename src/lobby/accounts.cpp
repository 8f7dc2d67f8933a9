#include "lobby/accounts.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <ctime>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <sodium.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/save.hpp"

namespace fs = std::filesystem;

namespace tercio::lobby {

namespace {

constexpr std::string_view kAccountLine = "tercio-account 1";
constexpr std::string_view kLoginsLine = "tercio-logins 1";
constexpr const char* kLogins = ".logins";
/// The record is small (a line per name); anything larger is not one of ours.
constexpr std::size_t kMaxRecordBytes = 1 << 20;

void start_sodium() {
    // sodium_init is safe to call again; once is enough.
    static const bool ready = [] {
        if (::sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
        return true;
    }();
    (void)ready;
}

/// The account's key, its file's name: the name in small letters, so that "Alice" and "alice"
/// are one player (a name on a public server is read by people, who would take them for one).
std::string key_of(std::string_view name) {
    std::string k(name);
    for (char& c : k) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return k;
}

std::string iso_time(std::int64_t t) {
    const std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    ::gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string minutes_and_seconds(int s) {
    if (s < 60) return std::to_string(s) + (s == 1 ? " second" : " seconds");
    const int m = (s + 59) / 60;
    return std::to_string(m) + (m == 1 ? " minute" : " minutes");
}

template <class T>
bool parse_number(std::string_view text, T& out) {
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size();
}

/// Splits text into lines (no '\n').
std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

/// The record of wrong passwords, open and locked (flock) for one read-change-write.
class LockedRecord {
  public:
    LockedRecord(int dir_fd, LoginLimits limits) : record_(limits) {
        fd_ = ::openat(dir_fd, kLogins, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd_ < 0) return;
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || ::flock(fd_, LOCK_EX) != 0) {
            ::close(fd_);
            fd_ = -1;
            return;
        }
        std::string text;
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(fd_, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            text.append(buf, static_cast<std::size_t>(n));
            if (text.size() > kMaxRecordBytes) break;
        }
        if (text.size() <= kMaxRecordBytes) record_.read(text);
    }
    ~LockedRecord() {
        if (fd_ < 0) return;
        const std::string text = record_.write();
        // Rewritten in place under the lock; a crash half-way leaves lines the reader drops.
        if (::ftruncate(fd_, 0) == 0) {
            std::size_t done = 0;
            while (done < text.size()) {
                const ssize_t n = ::pwrite(fd_, text.data() + done, text.size() - done, static_cast<off_t>(done));
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) break;
                done += static_cast<std::size_t>(n);
            }
        }
        ::close(fd_);  // and the lock with it
    }
    LockedRecord(const LockedRecord&) = delete;
    LockedRecord& operator=(const LockedRecord&) = delete;
    bool ok() const { return fd_ >= 0; }
    LoginRecord& record() { return record_; }

  private:
    int fd_ = -1;
    LoginRecord record_;
};

}  // namespace

HashCost HashCost::least() {
    return HashCost{crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

std::string password_problem(std::string_view password) {
    if (password.size() < kMinPassword) return "a password has at least " + std::to_string(kMinPassword) + " characters";
    if (password.size() > kMaxPassword) return "a password has at most " + std::to_string(kMaxPassword) + " bytes";
    for (const unsigned char c : password) {
        if (c < 0x20 || c == 0x7f) return "a password has no control characters";
    }
    return "";
}

// --- the account file ---

std::string write_account(const AccountFile& a) {
    std::string out(kAccountLine);
    out += "\n# A player of tercio lobby (docs/server.md): the password is kept only as its Argon2id hash.\n";
    out += "name " + a.name + "\n";
    out += "hash " + (a.hash.empty() ? std::string("-") : a.hash) + "\n";
    out += "created " + a.created + "\n";
    out += std::string("locked ") + (a.locked ? "yes" : "no") + "\n";
    return out;
}

std::optional<AccountFile> read_account(std::string_view text, std::string& why) {
    const auto lines = lines_of(text);
    if (lines.empty() || lines[0] != kAccountLine) {
        why = "not a tercio account file (its first line is not \"" + std::string(kAccountLine) + "\")";
        return std::nullopt;
    }
    AccountFile a;
    bool has_name = false, has_hash = false, has_locked = false;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (line.empty() || line[0] == '#') continue;
        const auto sp = line.find(' ');
        const std::string_view key = line.substr(0, sp);
        const std::string_view value = sp == std::string_view::npos ? std::string_view() : line.substr(sp + 1);
        if (key == "name" && data::valid_player_name(value)) {
            a.name = value;
            has_name = true;
        } else if (key == "hash" && !value.empty()) {
            a.hash = value == "-" ? std::string() : std::string(value);
            has_hash = true;
        } else if (key == "locked" && (value == "yes" || value == "no")) {
            a.locked = value == "yes";
            has_locked = true;
        } else if (key == "created") {
            a.created = value;
        } else {
            why = "line " + std::to_string(i + 1) + " is not understood";
            return std::nullopt;
        }
    }
    if (!has_name || !has_hash || !has_locked) {
        why = std::string("it has no ") + (!has_name ? "name" : !has_hash ? "hash" : "locked") + " line";
        return std::nullopt;
    }
    return a;
}

// --- the record of wrong passwords ---

LoginRecord::Name* LoginRecord::find(const std::string& key) {
    const auto it = std::find_if(names_.begin(), names_.end(), [&](const Name& n) { return n.key == key; });
    return it == names_.end() ? nullptr : &*it;
}

const LoginRecord::Name* LoginRecord::find(const std::string& key) const {
    const auto it = std::find_if(names_.begin(), names_.end(), [&](const Name& n) { return n.key == key; });
    return it == names_.end() ? nullptr : &*it;
}

void LoginRecord::read(std::string_view text) {
    names_.clear();
    minute_ = 0;
    in_minute_ = 0;
    const auto lines = lines_of(text);
    if (lines.empty() || lines[0] != kLoginsLine) return;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::vector<std::string_view> f;
        std::string_view line = lines[i];
        while (!line.empty()) {
            const auto sp = line.find(' ');
            f.push_back(line.substr(0, sp));
            if (sp == std::string_view::npos) break;
            line.remove_prefix(sp + 1);
        }
        if (f.size() == 3 && f[0] == "*") {
            std::int64_t minute = 0;
            int count = 0;
            if (parse_number(f[1], minute) && parse_number(f[2], count) && count >= 0) {
                minute_ = minute;
                in_minute_ = count;
            }
        } else if (f.size() == 4 && data::valid_player_name(f[0]) && key_of(f[0]) == f[0]) {
            Name n{std::string(f[0])};
            if (parse_number(f[1], n.wrong) && parse_number(f[2], n.last) && parse_number(f[3], n.held_until) &&
                n.wrong > 0 && !find(n.key)) {
                names_.push_back(std::move(n));
            }
        }
    }
}

std::string LoginRecord::write() const {
    std::string out(kLoginsLine);
    out += "\n* " + std::to_string(minute_) + " " + std::to_string(in_minute_) + "\n";
    for (const Name& n : names_) {
        out += n.key + " " + std::to_string(n.wrong) + " " + std::to_string(n.last) + " " + std::to_string(n.held_until) + "\n";
    }
    return out;
}

int LoginRecord::wait(const std::string& key, std::int64_t now) const {
    std::int64_t until = 0;
    // Over every name: past the limit, everyone waits for the next minute.
    if (minute_ == now / 60 && in_minute_ >= limits_.per_minute) until = (minute_ + 1) * 60;
    if (const Name* n = find(key); n && now - n->last < limits_.forget_after_s) until = std::max(until, n->held_until);
    return until > now ? static_cast<int>(until - now) : 0;
}

void LoginRecord::wrong(const std::string& key, std::int64_t now) {
    if (minute_ != now / 60) {
        minute_ = now / 60;
        in_minute_ = 0;
    }
    ++in_minute_;
    Name* n = find(key);
    if (n && now - n->last >= limits_.forget_after_s) {
        n->wrong = 0;
        n->held_until = 0;
    }
    if (!n) {
        if (names_.size() >= limits_.names_kept) {
            // Room for one more: the name whose last wrong try is oldest is forgotten.
            names_.erase(std::min_element(names_.begin(), names_.end(),
                                          [](const Name& a, const Name& b) { return a.last < b.last; }));
        }
        names_.push_back(Name{key});
        n = &names_.back();
    }
    ++n->wrong;
    n->last = now;
    if (n->wrong > limits_.free_tries) {
        // 10 s after the fourth, doubling: 20 s after the fifth, 40 s... up to the longest.
        std::int64_t wait = limits_.first_wait_s;
        for (int i = limits_.free_tries + 1; i < n->wrong && wait < limits_.longest_wait_s; ++i) wait *= 2;
        n->held_until = now + std::min<std::int64_t>(wait, limits_.longest_wait_s);
    }
}

void LoginRecord::right(const std::string& key, std::int64_t now) {
    // The try counted as wrong before the check is taken back, and the name starts afresh.
    if (minute_ == now / 60 && in_minute_ > 0) --in_minute_;
    names_.erase(std::remove_if(names_.begin(), names_.end(), [&](const Name& n) { return n.key == key; }), names_.end());
}

// --- the accounts ---

std::unique_ptr<Accounts> Accounts::open(const fs::path& root, std::string& why, HashCost cost, LoginLimits limits) {
    start_sodium();
    if (cost.ops == 0) cost.ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    if (cost.memory == 0) cost.memory = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    // A refusal's advice is a save directory's (`--save-dir`, `--player`): here it is --root.
    const auto refused = [&why] {
        const auto cut = why.find("; remove it, or give another --save-dir");
        if (cut != std::string::npos) why = why.substr(0, cut) + "; mend it, or give tercio lobby another --root";
        return nullptr;
    };
    // The root itself: the shared account's own, private (nobody else may list the players).
    if (!data::SaveDir::open(root, why)) return refused();
    auto accounts = data::SaveDir::open(root / "accounts", why);
    if (!accounts) return refused();
    for (const char* folder : {"players", "games"}) {
        if (!data::SaveDir::open(root / folder, why)) return refused();
    }
    return std::unique_ptr<Accounts>(new Accounts(root, std::move(accounts), cost, limits));
}

Verdict Accounts::register_player(std::string_view name, std::string_view password, std::int64_t now) {
    Verdict v;
    if (!data::valid_player_name(name)) {
        v.kind = Verdict::Kind::Refused;
        v.why = "A name is 1 to 32 of A-Z, a-z, 0-9, _ and -, not starting with -.";
        return v;
    }
    if (const std::string problem = password_problem(password); !problem.empty()) {
        v.kind = Verdict::Kind::Refused;
        v.why = "Not that password: " + problem + ".";
        return v;
    }
    const std::string key = key_of(name);
    const data::FileText existing = accounts_->read(key);
    if (!existing.missing) {
        std::string why;
        const auto a = existing.error.empty() ? read_account(existing.text, why) : std::nullopt;
        v.kind = a && a->locked ? Verdict::Kind::Locked : Verdict::Kind::Taken;
        v.why = a && a->locked ? "The name " + std::string(name) + " is not free: the administrator keeps it."
                               : "The name " + (a ? a->name : std::string(name)) + " is taken: choose another, or log in.";
        return v;
    }
    AccountFile a;
    a.name = name;
    a.created = iso_time(now);
    a.hash.resize(crypto_pwhash_STRBYTES);
    if (crypto_pwhash_str(a.hash.data(), password.data(), password.size(), cost_.ops, cost_.memory) != 0) {
        v.why = "The password could not be hashed (out of memory): try again.";
        return v;
    }
    a.hash.resize(std::strlen(a.hash.c_str()));
    bool taken = false;
    std::string why;
    if (!accounts_->create_new(key, write_account(a), taken, why)) {
        v.kind = taken ? Verdict::Kind::Taken : Verdict::Kind::Error;
        v.why = taken ? "The name " + std::string(name) + " was taken a moment ago: choose another."
                      : "Your account could not be written (" + why + "): tell the administrator.";
        return v;
    }
    v.kind = Verdict::Kind::Ok;
    v.name = a.name;
    return v;
}

Verdict Accounts::log_in(std::string_view name, std::string_view password, std::int64_t now) {
    Verdict v;
    if (!data::valid_player_name(name)) {
        v.kind = Verdict::Kind::Unknown;
        v.why = "No player is named that: a name is 1 to 32 of A-Z, a-z, 0-9, _ and -.";
        return v;
    }
    const std::string key = key_of(name);
    const data::FileText file = accounts_->read(key);
    if (file.missing) {
        v.kind = Verdict::Kind::Unknown;
        v.why = "No player is named " + std::string(name) + ": press r to register the name.";
        return v;
    }
    std::string why;
    const auto a = file.error.empty() ? read_account(file.text, why) : std::nullopt;
    if (!a) {
        v.why = "The account of " + std::string(name) + " cannot be read (" + (file.error.empty() ? why : file.error) +
                "): tell the administrator.";
        return v;
    }
    if (a->locked || a->hash.empty()) {
        v.kind = Verdict::Kind::Locked;
        v.why = "The administrator has locked the name " + a->name + ".";
        return v;
    }
    {
        // The limits first; the try is counted as wrong before the (slow) check, so that many
        // tries at once from many connections are all counted.
        LockedRecord record(accounts_->fd(), limits_);
        if (!record.ok()) {
            v.why = "The lobby's record of log-ins (" + (accounts_->path() / kLogins).string() +
                    ") cannot be opened: tell the administrator.";
            return v;
        }
        if (const int wait = record.record().wait(key, now); wait > 0) {
            v.kind = Verdict::Kind::Wait;
            v.wait_s = wait;
            v.why = "Too many wrong passwords: try again in " + minutes_and_seconds(wait) + ".";
            return v;
        }
        record.record().wrong(key, now);
    }
    const bool right = crypto_pwhash_str_verify(a->hash.c_str(), password.data(), password.size()) == 0;
    if (!right) {
        v.kind = Verdict::Kind::Wrong;
        v.why = "Wrong password for " + a->name + ".";
        return v;
    }
    LockedRecord record(accounts_->fd(), limits_);
    if (record.ok()) record.record().right(key, now);
    v.kind = Verdict::Kind::Ok;
    v.name = a->name;
    return v;
}

bool Accounts::set_locked(std::string_view name, bool locked, std::string& why) {
    if (!data::valid_player_name(name)) {
        why = "\"" + std::string(name) + "\" is not a player name (1 to 32 of A-Z, a-z, 0-9, _ and -)";
        return false;
    }
    const std::string key = key_of(name);
    const data::FileText file = accounts_->read(key);
    AccountFile a;
    if (!file.missing) {
        std::string bad;
        const auto read = file.error.empty() ? read_account(file.text, bad) : std::nullopt;
        if (!read) {
            why = (accounts_->path() / key).string() + ": " + (file.error.empty() ? bad : file.error);
            return false;
        }
        a = *read;
    } else {
        if (!locked) {
            why = "no player is named " + std::string(name);
            return false;
        }
        // A name nobody has yet, kept from everyone: no password can log in to it.
        a.name = name;
        a.created = iso_time(std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count());
    }
    a.locked = locked;
    return accounts_->write_atomically(key, write_account(a), why);
}

std::vector<Accounts::Listed> Accounts::list() const {
    std::vector<Listed> out;
    const int fd = ::fcntl(accounts_->fd(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) return out;
    DIR* d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return out;
    }
    // The copy shares the descriptor's position: from the start, each time.
    ::rewinddir(d);
    std::vector<std::string> keys;
    while (const dirent* e = ::readdir(d)) {
        const std::string k = e->d_name;
        if (data::valid_player_name(k) && key_of(k) == k) keys.push_back(k);
    }
    ::closedir(d);
    std::sort(keys.begin(), keys.end());
    for (const std::string& k : keys) {
        const data::FileText file = accounts_->read(k);
        std::string why;
        const auto a = file.error.empty() ? read_account(file.text, why) : std::nullopt;
        if (a) out.push_back(Listed{a->name, a->locked, !a->hash.empty()});
    }
    return out;
}

}  // namespace tercio::lobby
