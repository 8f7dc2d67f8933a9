// The statistics of `tercio sim` and `tercio bench`: Wilson intervals and decision-time quantiles.
#include "ai/stats.hpp"

#include <catch2/catch.hpp>

using namespace tercio;

TEST_CASE("Wilson score intervals match the textbook values", "[ai][sim]") {
    const ai::Interval half = ai::wilson_interval(5, 10);
    REQUIRE(half.low == Approx(0.2366).margin(1e-4));
    REQUIRE(half.high == Approx(0.7634).margin(1e-4));
    // Never outside [0, 1], and not empty at the ends.
    const ai::Interval none = ai::wilson_interval(0, 10);
    REQUIRE(none.low == Approx(0.0).margin(1e-12));
    REQUIRE(none.high == Approx(0.2775).margin(1e-4));
    const ai::Interval all = ai::wilson_interval(10, 10);
    REQUIRE(all.low == Approx(0.7225).margin(1e-4));
    REQUIRE(all.high == Approx(1.0));
    REQUIRE(all.high <= 1.0);
    const ai::Interval big = ai::wilson_interval(450, 1000);
    REQUIRE(big.low == Approx(0.4194).margin(1e-4));
    REQUIRE(big.high == Approx(0.4809).margin(1e-4));
    const ai::Interval empty = ai::wilson_interval(0, 0);
    REQUIRE(empty.low == 0.0);
    REQUIRE(empty.high == 1.0);
}

TEST_CASE("Time histograms give quantiles within 1 percent", "[ai][sim]") {
    ai::TimeHistogram h;
    REQUIRE(h.quantile(0.5) == 0.0);
    for (int i = 1; i <= 1000; ++i) h.add(0.01 * i);  // 0.01 .. 10 ms
    REQUIRE(h.count() == 1000);
    REQUIRE(h.quantile(0.5) == Approx(5.0).epsilon(0.01));
    REQUIRE(h.quantile(0.95) == Approx(9.5).epsilon(0.01));
    REQUIRE(h.quantile(1.0) == Approx(10.0).epsilon(0.01));
    REQUIRE(h.quantile(0.0) == Approx(0.01).epsilon(0.01));
    ai::TimeHistogram more;
    for (int i = 0; i < 3000; ++i) more.add(100.0);
    more.add(0.0);  // below the first bin: counted in it
    h.merge(more);
    REQUIRE(h.count() == 4001);
    REQUIRE(h.quantile(0.5) == Approx(100.0).epsilon(0.01));
}
