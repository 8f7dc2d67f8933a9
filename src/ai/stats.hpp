#pragma once
/// Small statistics for computer-vs-computer runs (`tercio sim`, `tercio bench`): a confidence
/// interval for a win rate, and a histogram of decision times that keeps millions of them in
/// fixed memory. Pure: no I/O.
#include <cstdint>
#include <vector>

namespace tercio::ai {

/// A proportion's interval, both ends in [0, 1].
struct Interval {
    double low = 0;
    double high = 0;
};

/// The Wilson score interval of `successes` out of `trials` at the normal quantile `z` (1.96
/// for 95%). Unlike the plain p +- z*sqrt(p(1-p)/n) it stays within [0, 1] and is not empty at
/// 0 or n successes. No trials: [0, 1].
Interval wilson_interval(long successes, long trials, double z = 1.959963984540054);

/// Durations in milliseconds, counted in bins 1% wide (logarithmic) from 1 ns to about 30 h:
/// quantiles within 1% of the exact ones, whatever the count, in ~26 KB. Values below the first
/// bin count in it.
class TimeHistogram {
  public:
    TimeHistogram();
    void add(double ms);
    void merge(const TimeHistogram& other);
    std::uint64_t count() const { return count_; }
    /// The `q` quantile (0.5 the median, 0.95 the 95th percentile): the middle of the bin of the
    /// ceil(q * count)-th smallest value. 0 when empty.
    double quantile(double q) const;

  private:
    std::vector<std::uint64_t> bins_;
    std::uint64_t count_ = 0;
};

}  // namespace tercio::ai
