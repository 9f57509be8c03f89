#pragma once
#include <memory>

#include "model/core/game.hpp"

namespace arbiter::brochs {
class BrochsState;
// The reference implementation's state for the same position as `fast`.
std::unique_ptr<State> reference_state(const BrochsState& fast);
}  // namespace arbiter::brochs
