// Hexabrae's signature mechanic for puzzles: an enclosure closed by a rotation (seed 004).
#include "model/hexabrae/hexabrae.hpp"

namespace arbiter::hexabrae {

std::string HexabraeState::move_theme(Move m) const {
  HexabraeState after(*this);
  after.apply(m);
  const Outcome o = after.outcome();
  if (o.kind != Outcome::Kind::Win || o.winner != side_to_move()) return {};
  const MoveKind kind = decode_move(m).kind;
  const bool rotates = kind == MoveKind::Rotate || kind == MoveKind::SlideRotate || kind == MoveKind::RotateSlide;
  return rotates ? "rotation-enclosure" : "enclosure";
}

}  // namespace arbiter::hexabrae
