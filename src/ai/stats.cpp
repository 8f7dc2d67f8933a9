#include "ai/stats.hpp"

#include <algorithm>
#include <cmath>

namespace tercio::ai {

namespace {

constexpr double kFirstMs = 1e-6;  // 1 ns
constexpr double kStep = 1.01;     // each bin 1% wider than the one before
// Up to 1e8 ms (about 28 hours): ceil(log(1e8 / 1e-6) / log(1.01)) + 1.
constexpr std::size_t kBins = 3241;

double log_step() {
    static const double v = std::log(kStep);
    return v;
}

}  // namespace

Interval wilson_interval(long successes, long trials, double z) {
    if (trials <= 0) return {0.0, 1.0};
    const double n = static_cast<double>(trials);
    const double p = static_cast<double>(successes) / n;
    const double z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

TimeHistogram::TimeHistogram() : bins_(kBins, 0) {}

void TimeHistogram::add(double ms) {
    std::size_t i = 0;
    if (ms > kFirstMs) {
        const double at = std::floor(std::log(ms / kFirstMs) / log_step());
        i = std::min(kBins - 1, static_cast<std::size_t>(at));
    }
    ++bins_[i];
    ++count_;
}

void TimeHistogram::merge(const TimeHistogram& other) {
    for (std::size_t i = 0; i < kBins; ++i) bins_[i] += other.bins_[i];
    count_ += other.count_;
}

double TimeHistogram::quantile(double q) const {
    if (count_ == 0) return 0;
    const double want = std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(count_));
    const std::uint64_t rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(want));
    std::uint64_t seen = 0;
    std::size_t i = 0;
    for (; i < kBins; ++i) {
        seen += bins_[i];
        if (seen >= rank) break;
    }
    // The bin's geometric middle.
    return kFirstMs * std::pow(kStep, static_cast<double>(i) + 0.5);
}

}  // namespace tercio::ai
