#pragma once
/// \file
/// Reading a small file that a user names (a record to load, an openings file), without trusting
/// the name: only a regular file is read, and only up to a bound, so that `/dev/zero`, a
/// directory or a FIFO nobody writes to is refused at once instead of reading without end,
/// reading nothing or blocking; and writing one (a saved game, a record, a picture).

#include <tengen/tengen.hpp>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>

#if defined(_WIN32)
#include <filesystem>
#include <system_error>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace tengen::examples {

/// One mebibyte: the unit of file bounds.
inline constexpr std::size_t file_mebibyte = std::size_t{1} << 20;

namespace detail {

/// "1 MiB" for whole mebibytes, else "N bytes".
[[nodiscard]] inline std::string size_text(std::size_t bytes) {
    if (bytes != 0 && bytes % file_mebibyte == 0)
        return std::to_string(bytes / file_mebibyte) + " MiB";
    return std::to_string(bytes) + " bytes";
}

[[nodiscard]] inline Error too_large(std::size_t max_bytes) {
    return Error{"it is larger than " + size_text(max_bytes) + ", the most that is read"};
}

#if !defined(_WIN32)

/// Why a file of type `mode` is refused: "it is a directory, not a regular file".
[[nodiscard]] inline Error not_regular(mode_t mode) {
    const char* kind = S_ISDIR(mode)    ? "a directory"
                       : S_ISFIFO(mode) ? "a FIFO"
                       : S_ISCHR(mode)  ? "a character device"
                       : S_ISBLK(mode)  ? "a block device"
                       : S_ISSOCK(mode) ? "a socket"
                                        : nullptr;
    if (kind == nullptr)
        return Error{"it is not a regular file"};
    return Error{"it is " + std::string(kind) + ", not a regular file"};
}

/// Closes a descriptor at the end of its scope.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    [[nodiscard]] int get() const noexcept { return fd_; }

private:
    int fd_;
};

/// The Error of a failed system call, from errno.
[[nodiscard]] inline Error system_error() {
    return Error{std::strerror(errno)};
}

#endif

} // namespace detail

/// The whole content of the regular file `path`, or an Error saying why not (it is missing or
/// unreadable, it is a directory, a FIFO, a device or a socket, or it holds more than
/// `max_bytes`). Never blocks on a FIFO and never reads more than `max_bytes` + 1 bytes: the type
/// is checked before the file is opened, and again on the opened file (the path may have been
/// replaced in between), which is opened non-blocking.
[[nodiscard]] inline Expected<std::string> read_bounded_file(const std::string& path,
                                                             std::size_t max_bytes) {
#if defined(_WIN32)
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error)
        return Error{error.message()};
    if (!std::filesystem::is_regular_file(status))
        return Error{"it is not a regular file"};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{"it cannot be opened"};
    std::string text(max_bytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad())
        return Error{"it cannot be read"};
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes)
        return detail::too_large(max_bytes);
    return text;
#else
    struct stat before {};
    if (::stat(path.c_str(), &before) != 0)
        return detail::system_error();
    if (!S_ISREG(before.st_mode))
        return detail::not_regular(before.st_mode);
    if (static_cast<std::size_t>(before.st_size) > max_bytes)
        return detail::too_large(max_bytes);
    const detail::FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0)
        return detail::system_error();
    struct stat opened {};
    if (::fstat(fd.get(), &opened) != 0)
        return detail::system_error();
    if (!S_ISREG(opened.st_mode))
        return detail::not_regular(opened.st_mode);
    // Room for the size fstat gave and one byte more, which tells a file that grew since; it
    // grows by doubling up to one byte past the bound.
    std::string text(std::min(static_cast<std::size_t>(opened.st_size), max_bytes) + 1, '\0');
    std::size_t filled = 0;
    while (true) {
        if (filled == text.size()) {
            if (text.size() > max_bytes)
                break;
            text.resize(std::min(2 * text.size(), max_bytes + 1));
        }
        const ::ssize_t got = ::read(fd.get(), text.data() + filled, text.size() - filled);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return detail::system_error();
        if (got == 0)
            break;
        filled += static_cast<std::size_t>(got);
    }
    if (filled > max_bytes)
        return detail::too_large(max_bytes);
    text.resize(filled);
    return text;
#endif
}

/// Writes `text` to the file `path`, replacing what it held (bytes as they are, no newline
/// translation); false when the file cannot be opened or written, which may leave it cut short.
[[nodiscard]] inline bool write_file(const std::string& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    return !out.fail();
}

} // namespace tengen::examples
