#include "data/save_store.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/data_files.hpp"
#include "data/position.hpp"
#include "data/save.hpp"
#include "rules/state_hash.hpp"

namespace fs = std::filesystem;

namespace tercio::data {

namespace {

std::string errno_text() { return std::strerror(errno); }

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

bool sync_dir(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

/// A temporary file beside `target`, written, flushed and locked; its fd, or -1.
int write_temp(const fs::path& temp, std::string_view text, bool lock, std::string& why) {
    const int fd = ::open(temp.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        why = temp.string() + ": " + errno_text();
        return -1;
    }
    if ((lock && ::flock(fd, LOCK_EX | LOCK_NB) != 0) || !write_all(fd, text) || ::fsync(fd) != 0) {
        why = temp.string() + ": " + errno_text();
        ::close(fd);
        ::unlink(temp.c_str());
        return -1;
    }
    return fd;
}

fs::path temp_beside(const fs::path& file) {
    return file.parent_path() / ("." + file.filename().string() + ".tmp" + std::to_string(::getpid()));
}

}  // namespace

std::string default_player_name() {
    for (const char* var : {"USER", "LOGNAME"}) {
        const char* v = std::getenv(var);
        if (v && valid_player_name(v)) return v;
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

bool write_file_atomically(const fs::path& file, std::string_view text, std::string& why) {
    const fs::path temp = temp_beside(file);
    const int fd = write_temp(temp, text, false, why);
    if (fd < 0) return false;
    ::close(fd);
    if (::rename(temp.c_str(), file.c_str()) != 0) {
        why = file.string() + ": " + errno_text();
        ::unlink(temp.c_str());
        return false;
    }
    sync_dir(file.parent_path());
    return true;
}

std::unique_ptr<SaveWriter> SaveWriter::create(const fs::path& dir, const std::string& stem, std::string_view header,
                                               std::string& why) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        why = dir.string() + ": " + ec.message();
        return nullptr;
    }
    ::chmod(dir.c_str(), 0700);
    for (int n = 1; n < 1000; ++n) {
        const fs::path file = dir / (stem + (n > 1 ? "-" + std::to_string(n) : "") + std::string(kSaveExtension));
        if (fs::exists(file, ec)) continue;
        const fs::path temp = temp_beside(file);
        const int fd = write_temp(temp, header, true, why);
        if (fd < 0) return nullptr;
        // The lock taken on the temporary file stays with it through the rename. No other
        // process can have chosen the same name: RENAME_NOREPLACE refuses if one did.
        if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, file.c_str(), RENAME_NOREPLACE) != 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(temp.c_str());
            if (err == EEXIST) continue;
            errno = err;
            why = file.string() + ": " + errno_text();
            return nullptr;
        }
        sync_dir(dir);
        ::lseek(fd, 0, SEEK_END);
        return std::unique_ptr<SaveWriter>(new SaveWriter(fd, file, header.size()));
    }
    why = dir.string() + ": too many saves named " + stem;
    return nullptr;
}

std::unique_ptr<SaveWriter> SaveWriter::open(const fs::path& file, std::size_t good_bytes, std::string& why) {
    const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        why = file.string() + ": " + errno_text();
        return nullptr;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        why = errno == EWOULDBLOCK ? file.string() + ": this game is open in another session; leave it there first"
                                   : file.string() + ": " + errno_text();
        ::close(fd);
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        why = file.string() + ": " + errno_text();
        ::close(fd);
        return nullptr;
    }
    std::unique_ptr<SaveWriter> w(new SaveWriter(fd, file, static_cast<std::size_t>(st.st_size)));
    if (w->size_ > good_bytes && !w->truncate(good_bytes, why)) return nullptr;
    ::lseek(fd, 0, SEEK_END);
    return w;
}

SaveWriter::~SaveWriter() { ::close(fd_); }

bool SaveWriter::append(std::string_view text, std::string& why) {
    if (!write_all(fd_, text) || ::fdatasync(fd_) != 0) {
        why = file_.string() + ": " + errno_text();
        // Never leave half a line: cut back to what was whole before.
        if (::ftruncate(fd_, static_cast<off_t>(size_)) == 0) ::lseek(fd_, 0, SEEK_END);
        return false;
    }
    size_ += text.size();
    return true;
}

bool SaveWriter::truncate(std::size_t bytes, std::string& why) {
    if (!backup(why)) return false;
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0 || ::fdatasync(fd_) != 0) {
        why = file_.string() + ": " + errno_text();
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
            why = file_.string() + ": " + (n < 0 ? errno_text() : std::string("shorter than expected"));
            return false;
        }
        got += static_cast<std::size_t>(n);
    }
    return write_file_atomically(fs::path(file_.string() + ".bak"), text, why);
}

std::unique_ptr<GameSave> GameSave::start(const fs::path& dir, const std::string& stem, const SaveHeader& header,
                                          const rules::RulesContext& ctx, std::string& why) {
    auto w = SaveWriter::create(dir, stem, write_save_header(header), why);
    if (!w) return nullptr;
    return std::unique_ptr<GameSave>(new GameSave(std::move(w), ctx, header));
}

std::unique_ptr<GameSave> GameSave::resume(const fs::path& file, const SaveFile& save, const rules::RulesContext& ctx,
                                           std::string& why) {
    auto w = SaveWriter::open(file, save.good_bytes, why);
    if (!w) return nullptr;
    std::unique_ptr<GameSave> g(new GameSave(std::move(w), ctx, save.header));
    for (const SavedCommand& c : save.commands) g->offsets_.push_back(c.offset);
    // The save was read and replayed before this: it is a good one to keep.
    if (!g->writer_->backup(why)) return nullptr;
    return g;
}

bool GameSave::played(const rules::Command& c, const rules::GameState& before, const rules::GameState& after,
                      std::uint64_t calls, std::string& why) {
    pending_.push_back(save_lines_after(header_, ctx_, c, before, after, calls, commands() + 1));
    if (!flush(why)) return false;
    // A new turn: the .bak catches up (a bad .bak is no reason to stop the game).
    std::string ignored;
    if (after.turn != before.turn) writer_->backup(ignored);
    return true;
}

bool GameSave::flush(std::string& why) {
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
    if (!writer_->truncate(offsets_.back(), why)) return false;
    offsets_.pop_back();
    return true;
}

fs::path ruleset_path(const fs::path& data_dir, const std::string& id) {
    return data_dir / "rulesets" / (id + ".toml");
}

fs::path army_path(const fs::path& data_dir, const std::string& id) { return data_dir / "armies" / (id + ".toml"); }

std::uint64_t file_hash(const fs::path& file) {
    const FileText t = read_file(file);
    return t.error.empty() ? content_hash(t.text) : 0;
}

std::vector<std::string> changed_data(const fs::path& data_dir, const SaveHeader& h) {
    std::vector<std::string> out;
    if (file_hash(ruleset_path(data_dir, h.ruleset)) != h.ruleset_hash) {
        out.push_back("rulesets/" + h.ruleset + ".toml has changed since this game began");
    }
    for (const SavedSide& s : h.sides) {
        if (file_hash(army_path(data_dir, s.army)) != s.army_hash) {
            out.push_back("armies/" + s.army + ".toml has changed since this game began");
        }
    }
    return out;
}

std::vector<SaveListing> list_saves(const fs::path& dir) {
    std::vector<SaveListing> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (e.path().extension() != kSaveExtension || e.path().filename().string()[0] == '.') continue;
        if (!e.is_regular_file(ec)) continue;
        SaveListing l;
        l.file = e.path();
        l.modified = e.last_write_time(ec);
        // The game-over line is the file's last line: read the tail only.
        if (std::FILE* f = std::fopen(e.path().c_str(), "rb")) {
            char tail[64] = {};
            const long want = static_cast<long>(kOverLine.size()) + 2;
            if (std::fseek(f, -want, SEEK_END) != 0) std::fseek(f, 0, SEEK_SET);
            const std::size_t n = std::fread(tail, 1, sizeof tail - 1, f);
            std::fclose(f);
            l.over = std::string_view(tail, n).find(kOverLine) != std::string_view::npos;
        }
        out.push_back(std::move(l));
    }
    std::sort(out.begin(), out.end(), [](const SaveListing& a, const SaveListing& b) {
        return a.modified != b.modified ? a.modified > b.modified : a.file > b.file;
    });
    return out;
}

}  // namespace tercio::data
