#include "data/save_store.hpp"

#include "data/save.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/save.hpp"

namespace fs = std::filesystem;

namespace tercio::data {

namespace {

std::string errno_text(int err) { return std::strerror(err); }
std::string errno_text() { return errno_text(errno); }

bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

/// Reads a whole file from its start, refusing more than `limit` bytes; false with a reason.
bool read_all(int fd, std::size_t limit, std::string& text, std::string& why) {
    text.clear();
    char buf[65536];
    for (;;) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, static_cast<off_t>(text.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            why = errno_text();
            return false;
        }
        if (n == 0) return true;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > limit) {
            why = "file is too large (more than " + std::to_string(limit) + " bytes)";
            return false;
        }
    }
}

/// 12 characters nobody can guess, for a temporary file's name.
std::string unpredictable_suffix() {
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char bytes[12] = {};
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    if (got < sizeof bytes) {
        // No kernel randomness (never seen on Linux): the clock and the pid. The name is still
        // created with O_EXCL, so a planted one is refused, not used.
        std::uint64_t x = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
                          (static_cast<std::uint64_t>(::getpid()) << 32);
        for (unsigned char& b : bytes) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            b = static_cast<unsigned char>(x >> 56);
        }
    }
    std::string out;
    for (unsigned char b : bytes) out += kChars[b % (sizeof kChars - 1)];
    return out;
}

/// Makes a new file ".<base>.tmp-<random>" in the directory, exclusively (never an existing
/// name, never through a link), mode 0600; its descriptor (and name), or -1 with errno set.
int create_temp(int dir_fd, const std::string& base, std::string& temp_name) {
    for (int tries = 0; tries < 100; ++tries) {
        temp_name = "." + base + ".tmp-" + unpredictable_suffix();
        const int fd = ::openat(dir_fd, temp_name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

/// "cannot write french.save.bak in /home/a/.local/state/tercio/a: No space left on device"
std::string cannot_write(const std::string& name, const fs::path& dir, int err) {
    return "cannot write " + name + " in " + dir.string() + ": " + errno_text(err);
}

/// Writes `text` to a new temporary file of the directory and flushes it (and locks it if
/// `lock`): its descriptor, or -1 with a reason naming `name` and the directory.
int write_temp(int dir_fd, const fs::path& dir, const std::string& name, std::string_view text, bool lock,
               std::string& temp_name, std::string& why) {
    const int fd = create_temp(dir_fd, name, temp_name);
    if (fd < 0) {
        why = cannot_write(name, dir, errno);
        return -1;
    }
    if ((lock && ::flock(fd, LOCK_EX | LOCK_NB) != 0) || !write_all(fd, text) || ::fsync(fd) != 0) {
        why = cannot_write(name, dir, errno);
        ::close(fd);
        ::unlinkat(dir_fd, temp_name.c_str(), 0);
        return -1;
    }
    return fd;
}

bool write_atomically_at(int dir_fd, const fs::path& dir, const std::string& name, std::string_view text,
                         std::string& why) {
    std::string temp;
    const int fd = write_temp(dir_fd, dir, name, text, false, temp, why);
    if (fd < 0) return false;
    ::close(fd);
    // rename replaces whatever is at `name`, a symbolic link included, without following it.
    if (::renameat(dir_fd, temp.c_str(), dir_fd, name.c_str()) != 0) {
        why = cannot_write(name, dir, errno);
        ::unlinkat(dir_fd, temp.c_str(), 0);
        return false;
    }
    ::fsync(dir_fd);
    return true;
}

/// Makes `dir` and any missing parents; the parts made get mode 0700 (an existing one is left
/// as it is: it may be a shared directory such as /srv/games).
bool make_dirs(const fs::path& dir, std::string& why) {
    fs::path so_far;
    for (const fs::path& part : dir) {
        so_far /= part;
        if (part.empty() || part == "/" || part == "." || part == "..") continue;
        if (::mkdir(so_far.c_str(), 0700) != 0 && errno != EEXIST) {
            why = so_far.string() + ": " + errno_text();
            return false;
        }
    }
    return true;
}

/// Checks a player's directory just opened as `fd`: a directory of this user that nobody else
/// may write in. One that others may read or enter is made private.
bool check_private_dir(int fd, const fs::path& dir, std::string& why) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        why = dir.string() + ": " + errno_text();
        return false;
    }
    const std::string advice = ": tercio keeps a player's games only in a directory of the player's own that "
                               "nobody else can write in; remove it, or give another --save-dir or --player";
    if (!S_ISDIR(st.st_mode)) {
        why = dir.string() + " is not a directory" + advice;
        return false;
    }
    if (st.st_uid != ::geteuid()) {
        why = dir.string() + " belongs to another user (uid " + std::to_string(st.st_uid) + "), not to you (uid " +
              std::to_string(::geteuid()) + ")" + advice;
        return false;
    }
    const unsigned mode = st.st_mode & 07777;
    if ((mode & 0022) != 0) {
        char octal[8];
        std::snprintf(octal, sizeof octal, "%04o", mode);
        why = dir.string() + " can be written by other users (mode " + octal + ")" + advice;
        return false;
    }
    if (mode != 0700 && ::fchmod(fd, 0700) != 0) {
        why = dir.string() + ": cannot make it private (mode 0700): " + errno_text();
        return false;
    }
    return true;
}

bool ends_with(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

std::string player_name_for_login(std::string_view login) {
    if (valid_player_name(login)) return std::string(login);
    std::string out;
    for (char c : login.substr(0, 23)) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '-';
        out += ok ? c : '_';
    }
    if (!out.empty() && out[0] == '-') out[0] = '_';
    if (out.empty()) out = "player";
    char tail[16];
    std::snprintf(tail, sizeof tail, "-%08llx", static_cast<unsigned long long>(content_hash(login) & 0xffffffffULL));
    return out + tail;
}

std::string default_player_name() {
    for (const char* var : {"USER", "LOGNAME"}) {
        const char* v = std::getenv(var);
        if (v && *v) return player_name_for_login(v);
    }
    return "player";
}

std::optional<fs::path> saves_root(const std::optional<fs::path>& flag, std::string& why) {
    if (flag) return *flag;
    const char* state = std::getenv("XDG_STATE_HOME");
    if (state && *state) return fs::path(state) / "tercio";
    const char* home = std::getenv("HOME");
    if (home && *home) return fs::path(home) / ".local" / "state" / "tercio";
    why = "neither XDG_STATE_HOME nor HOME is set: give the save directory with --save-dir DIR";
    return std::nullopt;
}

// --- SaveDir ---

std::unique_ptr<SaveDir> SaveDir::open(const fs::path& root, const std::string& player, std::string& why) {
    if (player.empty() || player == "." || player == ".." || player.find('/') != std::string::npos) {
        why = "\"" + player + "\" cannot be a directory's name";
        return nullptr;
    }
    if (!make_dirs(root, why)) return nullptr;
    const int root_fd = ::open(root.empty() ? "." : root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root_fd < 0) {
        why = root.string() + ": " + errno_text();
        return nullptr;
    }
    const fs::path dir = root / player;
    if (::mkdirat(root_fd, player.c_str(), 0700) != 0 && errno != EEXIST) {
        why = dir.string() + ": " + errno_text();
        ::close(root_fd);
        return nullptr;
    }
    // Never through a symbolic link: one planted at the name is refused, not followed.
    const int fd = ::openat(root_fd, player.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int err = errno;
    ::close(root_fd);
    if (fd < 0) {
        struct stat st {};
        if ((err == ELOOP || err == ENOTDIR) && ::lstat(dir.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
            why = dir.string() + " is a symbolic link: tercio keeps a player's games only in a real directory of "
                                 "the player's own; remove it, or give another --save-dir or --player";
        } else if (err == ENOTDIR) {
            why = dir.string() + " is not a directory";
        } else {
            why = dir.string() + ": " + errno_text(err);
        }
        return nullptr;
    }
    if (!check_private_dir(fd, dir, why)) {
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<SaveDir>(new SaveDir(fd, dir));
}

std::unique_ptr<SaveDir> SaveDir::open(const fs::path& dir, std::string& why) {
    fs::path clean = dir.lexically_normal();
    if (!clean.has_filename()) clean = clean.parent_path();  // "a/b/" -> "a/b"
    return open(clean.parent_path(), clean.filename().string(), why);
}

std::unique_ptr<SaveDir> SaveDir::open_to_read(const fs::path& root, const std::string& player, std::string& why) {
    const fs::path dir = root / player;
    if (!valid_player_name(player)) {
        why = "\"" + player + "\" is not a player name";
        return nullptr;
    }
    const int root_fd = ::open(root.empty() ? "." : root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (root_fd < 0) {
        why = root.string() + ": " + errno_text();
        return nullptr;
    }
    // Never through a symbolic link, and nothing made: only what is there is read.
    const int fd = ::openat(root_fd, player.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int err = errno;
    ::close(root_fd);
    if (fd < 0) {
        why = dir.string() + ": " + (err == ELOOP || err == ENOTDIR ? std::string("not a directory (or a symbolic link)")
                                                                     : errno_text(err));
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 0022) != 0) {
        why = dir.string() + ": not a directory of this user's that only it may write in";
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<SaveDir>(new SaveDir(fd, dir));
}

SaveDir::~SaveDir() { ::close(fd_); }

std::vector<SaveListing> SaveDir::list() const {
    std::vector<SaveListing> out;
    const int dup = ::fcntl(fd_, F_DUPFD_CLOEXEC, 0);
    DIR* d = dup >= 0 ? ::fdopendir(dup) : nullptr;
    if (!d) {
        if (dup >= 0) ::close(dup);
        return out;
    }
    ::rewinddir(d);
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name.empty() || name[0] == '.' || !ends_with(name, kSaveExtension)) continue;
        struct stat st {};
        if (::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
        SaveListing l;
        l.file = path_ / name;
        l.name = name;
        const auto since_epoch = std::chrono::seconds(st.st_mtim.tv_sec) + std::chrono::nanoseconds(st.st_mtim.tv_nsec);
        l.modified = fs::file_time_type::clock::from_sys(
            std::chrono::system_clock::time_point(std::chrono::duration_cast<std::chrono::system_clock::duration>(since_epoch)));
        // The game-over line is the file's last line: read the tail only.
        const int fd = ::openat(fd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            char tail[64] = {};
            const off_t want = static_cast<off_t>(kOverLine.size()) + 2;
            const off_t from = st.st_size > want ? st.st_size - want : 0;
            const ssize_t n = ::pread(fd, tail, sizeof tail - 1, from);
            ::close(fd);
            l.over = n > 0 && std::string_view(tail, static_cast<std::size_t>(n)).find(kOverLine) != std::string_view::npos;
        }
        out.push_back(std::move(l));
    }
    ::closedir(d);
    std::sort(out.begin(), out.end(), [](const SaveListing& a, const SaveListing& b) {
        return a.modified != b.modified ? a.modified > b.modified : a.name > b.name;
    });
    return out;
}

FileText SaveDir::read(const std::string& name) const {
    FileText out;
    const int fd = ::openat(fd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        out.missing = errno == ENOENT;
        out.error = errno == ELOOP ? "is a symbolic link (a save is never read through one)" : errno_text();
        return out;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        out.error = "not a regular file";
    } else if (!read_all(fd, kMaxSaveBytes, out.text, out.error)) {
        out.text.clear();
    }
    ::close(fd);
    return out;
}

bool SaveDir::write_atomically(const std::string& name, std::string_view text, std::string& why) const {
    return write_atomically_at(fd_, path_, name, text, why);
}

bool SaveDir::create_new(const std::string& name, std::string_view text, bool& taken, std::string& why) const {
    taken = false;
    std::string temp;
    const int fd = write_temp(fd_, path_, name, text, false, temp, why);
    if (fd < 0) return false;
    ::close(fd);
    if (::renameat2(fd_, temp.c_str(), fd_, name.c_str(), RENAME_NOREPLACE) != 0) {
        const int err = errno;
        ::unlinkat(fd_, temp.c_str(), 0);
        taken = err == EEXIST;
        if (!taken) why = cannot_write(name, path_, err);
        return false;
    }
    ::fsync(fd_);
    return true;
}

// --- SaveWriter ---

std::unique_ptr<SaveWriter> SaveWriter::create(const SaveDir& dir, const std::string& stem, std::string_view header,
                                               std::string& why) {
    for (int n = 1; n < 1000; ++n) {
        const std::string name = stem + (n > 1 ? "-" + std::to_string(n) : "") + std::string(kSaveExtension);
        struct stat st {};
        if (::fstatat(dir.fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) continue;
        std::string temp;
        const int fd = write_temp(dir.fd(), dir.path(), name, header, true, temp, why);
        if (fd < 0) return nullptr;
        // The lock taken on the temporary file stays with it through the rename. No other
        // process can have chosen the same name: RENAME_NOREPLACE refuses if one did.
        if (::renameat2(dir.fd(), temp.c_str(), dir.fd(), name.c_str(), RENAME_NOREPLACE) != 0) {
            const int err = errno;
            ::close(fd);
            ::unlinkat(dir.fd(), temp.c_str(), 0);
            if (err == EEXIST) continue;
            why = cannot_write(name, dir.path(), err);
            return nullptr;
        }
        ::fsync(dir.fd());
        ::lseek(fd, 0, SEEK_END);
        const int dir_fd = ::fcntl(dir.fd(), F_DUPFD_CLOEXEC, 0);
        return std::unique_ptr<SaveWriter>(new SaveWriter(dir_fd, dir.path(), name, fd, header.size()));
    }
    why = dir.path().string() + ": too many saves named " + stem;
    return nullptr;
}

std::unique_ptr<SaveWriter> SaveWriter::open(const SaveDir& dir, const std::string& name, std::string& why,
                                             bool* locked) {
    if (locked) *locked = false;
    const fs::path file = dir.path() / name;
    std::string read_only;
    int fd = ::openat(dir.fd(), name.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && (errno == EROFS || errno == EACCES)) {
        read_only = file.string() + " cannot be written (" + errno_text() + ")";
        fd = ::openat(dir.fd(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    }
    if (fd < 0) {
        why = file.string() + ": " +
              (errno == ELOOP ? std::string("is a symbolic link (a save is never opened through one)") : errno_text());
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) {
        why = file.string() + (S_ISREG(st.st_mode) ? ": belongs to another user" : ": not a regular file");
        ::close(fd);
        return nullptr;
    }
    // The lock comes before anything is read: what is read is then what this session owns.
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (locked) *locked = errno == EWOULDBLOCK;
        why = errno == EWOULDBLOCK ? file.string() + ": this game is open in another session; leave it there first"
                                   : file.string() + ": " + errno_text();
        ::close(fd);
        return nullptr;
    }
    if (::fstat(fd, &st) != 0) {
        why = file.string() + ": " + errno_text();
        ::close(fd);
        return nullptr;
    }
    const int dir_fd = ::fcntl(dir.fd(), F_DUPFD_CLOEXEC, 0);
    std::unique_ptr<SaveWriter> w(new SaveWriter(dir_fd, dir.path(), name, fd, static_cast<std::size_t>(st.st_size)));
    w->read_only_ = std::move(read_only);
    ::lseek(fd, 0, SEEK_END);
    return w;
}

SaveWriter::~SaveWriter() {
    ::close(fd_);
    if (dir_fd_ >= 0) ::close(dir_fd_);
}

std::optional<std::string> SaveWriter::read(std::string& why) const {
    std::string text;
    if (!read_all(fd_, kMaxSaveBytes, text, why)) {
        why = file().string() + ": " + why;
        return std::nullopt;
    }
    return text;
}

bool SaveWriter::append(std::string_view text, std::string& why) {
    if (!read_only_.empty()) {
        why = read_only_;
        return false;
    }
    if (!write_all(fd_, text) || ::fdatasync(fd_) != 0) {
        why = file().string() + ": " + errno_text();
        // Never leave half a line: cut back to what was whole before.
        if (::ftruncate(fd_, static_cast<off_t>(size_)) == 0) ::lseek(fd_, 0, SEEK_END);
        return false;
    }
    size_ += text.size();
    return true;
}

bool SaveWriter::truncate(std::size_t bytes, std::string& why) {
    if (!read_only_.empty()) {
        why = read_only_;
        return false;
    }
    if (!backup(why)) return false;
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0 || ::fdatasync(fd_) != 0) {
        why = file().string() + ": " + errno_text();
        return false;
    }
    size_ = bytes;
    ::lseek(fd_, 0, SEEK_END);
    return true;
}

bool SaveWriter::backup(std::string& why) {
    std::string text(size_, '\0');
    std::size_t got = 0;
    while (got < size_) {
        const ssize_t n = ::pread(fd_, text.data() + got, size_ - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            why = file().string() + ": " + (n < 0 ? errno_text() : std::string("shorter than expected"));
            return false;
        }
        got += static_cast<std::size_t>(n);
    }
    return write_atomically_at(dir_fd_, dir_path_, name_ + ".bak", text, why);
}

std::optional<std::string> SaveWriter::keep_copy(std::string_view tag, std::string& why) {
    const auto text = read(why);
    if (!text) return std::nullopt;
    for (int n = 1; n < 1000; ++n) {
        const std::string name =
            name_ + "." + std::string(tag) + (n > 1 ? "-" + std::to_string(n) : "") + ".bak";
        struct stat st {};
        if (::fstatat(dir_fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) continue;
        std::string temp;
        const int fd = write_temp(dir_fd_, dir_path_, name, *text, false, temp, why);
        if (fd < 0) return std::nullopt;
        ::close(fd);
        // Never over a copy kept before (another repair's): RENAME_NOREPLACE.
        if (::renameat2(dir_fd_, temp.c_str(), dir_fd_, name.c_str(), RENAME_NOREPLACE) != 0) {
            const int err = errno;
            ::unlinkat(dir_fd_, temp.c_str(), 0);
            if (err == EEXIST) continue;
            why = cannot_write(name, dir_path_, err);
            return std::nullopt;
        }
        ::fsync(dir_fd_);
        return name;
    }
    why = dir_path_.string() + ": too many copies named " + name_ + "." + std::string(tag);
    return std::nullopt;
}

// --- GameSave ---

std::unique_ptr<GameSave> GameSave::start(const SaveDir& dir, const std::string& stem, const SaveHeader& header,
                                          std::string& why) {
    auto w = SaveWriter::create(dir, stem, write_save_header(header), why);
    if (!w) return nullptr;
    return std::unique_ptr<GameSave>(new GameSave(std::move(w), header));
}

std::unique_ptr<GameSave> GameSave::resume(std::unique_ptr<SaveWriter> writer, const SaveFile& save) {
    std::unique_ptr<GameSave> g(new GameSave(std::move(writer), save.header));
    for (const SavedCommand& c : save.commands) g->offsets_.push_back(c.offset);
    std::string why;
    if (g->writer_->size() > save.good_bytes) {
        // What was being written when the program stopped goes, after a .bak of the file as it
        // was found; until that can be done nothing is appended after it.
        g->cut_to_ = save.good_bytes;
        if (!g->flush(why)) {
            g->warning_ = "NOT SAVED: " + why + ". The game goes on; its commands are kept and written when S can.";
        }
    } else if (!g->writer_->read_only().empty()) {
        g->warning_ = "NOT SAVED: " + g->writer_->read_only() +
                      ". The game goes on; its commands are kept and written when S can.";
    } else if (!g->writer_->backup(why)) {
        g->warning_ = "No backup: " + why + ". The game goes on, and is saved as it is played.";
    }
    return g;
}

bool GameSave::played_lines(std::string lines, bool turn_began, std::string& why) {
    pending_.push_back(std::move(lines));
    if (!flush(why)) return false;
    // A new turn: the .bak catches up (a bad .bak is no reason to stop the game).
    std::string ignored;
    if (turn_began) writer_->backup(ignored);
    return true;
}

bool GameSave::flush(std::string& why) {
    if (cut_to_) {
        if (!writer_->truncate(*cut_to_, why)) return false;
        cut_to_.reset();
    }
    std::size_t done = 0;
    for (; done < pending_.size(); ++done) {
        const std::size_t at = writer_->size();
        if (!writer_->append(pending_[done], why)) break;
        offsets_.push_back(at);
    }
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(done));
    return pending_.empty();
}

bool GameSave::undone(std::string& why) {
    if (!pending_.empty()) {
        pending_.pop_back();
        return true;
    }
    if (offsets_.empty()) {
        why = "no command to take back";
        return false;
    }
    if (cut_to_) {
        // The cut has not been made yet: make it first, then cut back further.
        if (!flush(why)) return false;
    }
    if (!writer_->truncate(offsets_.back(), why)) return false;
    offsets_.pop_back();
    return true;
}

namespace {

/// Whether a save that ends with the game-over line holds a game that is not over.
bool falsely_over(const SaveDir& dir, const std::string& name, const GameOverCheck& over) {
    const FileText t = dir.read(name);
    if (!t.error.empty()) return false;
    auto parsed = parse_save(name, t.text);
    if (!parsed.ok() || !parsed.value->over) return false;
    SaveFile without_end = *parsed.value;
    without_end.over = false;
    return over(name, without_end) == false;
}

}  // namespace

std::optional<std::string> newest_unfinished(const SaveDir& dir, const GameOverCheck& over) {
    for (const SaveListing& l : dir.list()) {
        if (!l.over || falsely_over(dir, l.name, over)) return l.name;
    }
    return std::nullopt;
}

std::vector<SaveListing> unfinished_saves(const SaveDir& dir, const GameOverCheck& over) {
    const std::vector<SaveListing> all = dir.list();
    const auto newest = newest_unfinished(dir, over);
    std::vector<SaveListing> out;
    for (const SaveListing& l : all) {
        if (newest && l.name == *newest) out.insert(out.begin(), l);
        else if (!l.over) out.push_back(l);
    }
    return out;
}

std::vector<std::string> player_names(const fs::path& root) {
    std::vector<std::string> out;
    DIR* d = ::opendir(root.empty() ? "." : root.c_str());
    if (!d) return out;
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (!valid_player_name(name)) continue;
        struct stat st {};
        if (::fstatat(::dirfd(d), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode)) continue;
        out.push_back(name);
    }
    ::closedir(d);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<PlayerSave> finished_saves(const fs::path& root, const std::vector<std::string>& players,
                                       std::size_t most) {
    std::vector<PlayerSave> out;
    for (const std::string& player : players) {
        std::string why;
        const auto dir = SaveDir::open_to_read(root, player, why);
        if (!dir) continue;
        for (SaveListing& l : dir->list()) {
            if (l.over) out.push_back(PlayerSave{player, std::move(l)});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const PlayerSave& a, const PlayerSave& b) {
        return a.save.modified > b.save.modified;
    });
    if (out.size() > most) out.resize(most);
    return out;
}

fs::path ruleset_path(const fs::path& data_dir, const std::string& id) {
    return ruleset_file(data_dir, id);
}

fs::path army_path(const fs::path& data_dir, const std::string& ruleset, const std::string& id) {
    return army_file(data_dir, ruleset, id);
}

std::uint64_t file_hash(const fs::path& file) {
    const FileText t = read_file(file);
    return t.error.empty() ? content_hash(t.text) : 0;
}

std::vector<std::string> changed_data(const fs::path& data_dir, const SaveHeader& h) {
    std::vector<std::string> out;
    // Keyed by the ids the save names, not by where the files were: a file that only moved
    // (the old layout had rulesets/<id>.toml and armies/) has the same bytes.
    const fs::path rs = ruleset_path(data_dir, h.ruleset);
    if (file_hash(rs) != h.ruleset_hash) {
        out.push_back(rs.lexically_relative(data_dir).generic_string() +
                      " has changed since this game began");
    }
    for (const SavedSide& s : h.sides) {
        const fs::path file = army_path(data_dir, h.ruleset, s.army);
        if (file_hash(file) != s.army_hash) {
            out.push_back(file.lexically_relative(data_dir).generic_string() + " has changed since this game began");
        }
    }
    return out;
}

}  // namespace tercio::data
