#pragma once
/// `std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, v)`: one lambda per
/// alternative of a variant.

namespace tercio::core {

template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace tercio::core
