#include "ui/surface.hpp"

namespace tercio::ui {

std::vector<std::string> code_points(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool ok = n > 0 && i + n <= text.size();
        for (std::size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
        if (!ok) {
            out.emplace_back("?");
            ++i;
            continue;
        }
        out.emplace_back(text.substr(i, n));
        i += n;
    }
    return out;
}

TextSurface::TextSurface(int width, int height)
    : width_(width < 0 ? 0 : width),
      height_(height < 0 ? 0 : height),
      cells_(static_cast<std::size_t>(width_ * height_), " "),
      styles_(static_cast<std::size_t>(width_ * height_)) {}

void TextSurface::put(int x, int y, std::string_view text, Style style) {
    if (y < 0 || y >= height_) return;
    for (const std::string& cp : code_points(text)) {
        if (x >= width_) return;
        if (x >= 0) {
            const auto i = static_cast<std::size_t>(y * width_ + x);
            cells_[i] = cp;
            styles_[i] = style;
        }
        ++x;
    }
}

void TextSurface::clear() {
    for (auto& c : cells_) c = " ";
    for (auto& s : styles_) s = Style{};
}

std::string TextSurface::to_string() const {
    std::string out;
    for (int y = 0; y < height_; ++y) {
        std::string row;
        for (int x = 0; x < width_; ++x) row += cells_[static_cast<std::size_t>(y * width_ + x)];
        while (!row.empty() && row.back() == ' ') row.pop_back();
        if (y > 0) out += '\n';
        out += row;
    }
    return out;
}

const std::string& TextSurface::cell(int x, int y) const {
    static const std::string none;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return none;
    return cells_[static_cast<std::size_t>(y * width_ + x)];
}

Style TextSurface::style(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return {};
    return styles_[static_cast<std::size_t>(y * width_ + x)];
}

std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

}  // namespace tercio::ui
