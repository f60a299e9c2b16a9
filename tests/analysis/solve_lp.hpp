// The exact value of a two-player zero-sum game, found without CFR: the sequence-form
// linear program (Koller, Megiddo and von Stengel, 1994) on the game's solve tree, solved by
// the simplex method with Bland's rule. For tests of the bounds `arbiter solve` reports.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "analysis/solve/tree.hpp"

namespace arbiter::lp {

using Matrix = std::vector<std::vector<double>>;

// max c.x subject to A x <= b and x >= 0, for b >= 0 (the origin is feasible) and a
// bounded optimum. Bland's rule (the lowest index enters and leaves) never cycles.
inline double simplex_max(const Matrix& a, const std::vector<double>& b, const std::vector<double>& c) {
  const std::size_t m = a.size(), n = c.size(), last = n + m;
  Matrix t(m + 1, std::vector<double>(last + 1, 0.0));
  std::vector<std::size_t> basis(m);
  for (std::size_t i = 0; i < m; ++i) {
    std::copy(a[i].begin(), a[i].end(), t[i].begin());
    t[i][n + i] = 1, t[i][last] = b[i], basis[i] = n + i;
  }
  for (std::size_t j = 0; j < n; ++j) t[m][j] = -c[j];
  const double eps = 1e-12;
  for (;;) {
    std::size_t in = last;
    for (std::size_t j = 0; j < last && in == last; ++j)
      if (t[m][j] < -eps) in = j;
    if (in == last) return t[m][last];
    std::size_t out = m;
    for (std::size_t i = 0; i < m; ++i) {
      if (t[i][in] <= eps) continue;
      double ratio = t[i][last] / t[i][in];
      if (out == m) { out = i; continue; }
      double best = t[out][last] / t[out][in];
      if (ratio < best - eps || (ratio <= best + eps && basis[i] < basis[out])) out = i;
    }
    if (out == m) return INFINITY;
    double pivot = t[out][in];
    for (double& x : t[out]) x /= pivot;
    for (std::size_t i = 0; i <= m; ++i) {
      if (i == out || t[i][in] == 0) continue;
      double f = t[i][in];
      for (std::size_t j = 0; j <= last; ++j) t[i][j] -= f * t[out][j];
    }
    basis[out] = in;
  }
}

// Seat 0's value of the game of `tree` (perfect recall). Sequences are numbered 0 (none)
// and 1 + action slot; payoffs shifted above 0 so that seat 0 gains by every sequence it
// plays more, which lets the plans' equalities be inequalities with the same optimum.
inline double game_value(const SolveTree& tree) {
  const std::size_t nodes = tree.nodes.size(), seqs = tree.slots + 1;
  std::vector<std::uint32_t> seq[2] = {std::vector<std::uint32_t>(nodes, 0),
                                       std::vector<std::uint32_t>(nodes, 0)};
  std::vector<double> reach(nodes, 1.0);
  std::vector<std::int64_t> parent(tree.infosets.size(), -1);  // the seat's sequence leading to the set
  double low = 0;
  for (const SolveNode& n : tree.nodes) if (n.kind == SolveNode::Kind::Terminal) low = std::min(low, n.value);
  const double shift = 1 - low;
  Matrix pay(seqs, std::vector<double>(seqs, 0.0));  // [seat 0's sequence][seat 1's]
  for (std::size_t i = 0; i < nodes; ++i) {
    const SolveNode& n = tree.nodes[i];
    if (n.kind == SolveNode::Kind::Terminal) {
      pay[seq[0][i]][seq[1][i]] += reach[i] * (n.value + shift);
      continue;
    }
    if (n.kind == SolveNode::Kind::Seat) parent[n.infoset] = seq[n.seat][i];
    for (std::uint32_t k = 0; k < n.count; ++k) {
      std::uint32_t c = n.first + k;
      seq[0][c] = seq[0][i], seq[1][c] = seq[1][i];
      reach[c] = reach[i] * (n.kind == SolveNode::Kind::Chance ? tree.chance[c] : 1.0);
      if (n.kind == SolveNode::Kind::Seat) seq[n.seat][c] = 1 + tree.infosets[n.infoset].offset + k;
    }
  }
  // Variables: x (seat 0's plan, by sequence), then q (seat 1's values: 0 at the start, 1 + i
  // in its information set i). Rows: x's plan, then one per seat 1's sequence.
  const std::size_t nx = seqs, nq = 1 + tree.infosets.size();
  Matrix a;
  std::vector<double> b;
  std::vector<double> row(nx + nq, 0.0);
  row[0] = 1, a.push_back(row), b.push_back(1);
  for (std::size_t i = 0; i < tree.infosets.size(); ++i) {
    const SolveInfoset& s = tree.infosets[i];
    if (s.seat != 0 || parent[i] < 0) continue;
    std::fill(row.begin(), row.end(), 0.0);
    for (std::size_t k = 0; k < s.actions.size(); ++k) row[1 + s.offset + k] = 1;
    row[parent[i]] -= 1;
    a.push_back(row), b.push_back(0);
  }
  auto seat1_row = [&](std::uint32_t sigma, std::size_t owner) {
    std::fill(row.begin(), row.end(), 0.0);
    row[nx + owner] = 1;
    for (std::size_t j = 0; j < tree.infosets.size(); ++j)
      if (tree.infosets[j].seat == 1 && parent[j] == sigma) row[nx + 1 + j] -= 1;
    for (std::size_t s0 = 0; s0 < nx; ++s0) row[s0] -= pay[s0][sigma];
    a.push_back(row), b.push_back(0);
  };
  seat1_row(0, 0);
  for (std::size_t i = 0; i < tree.infosets.size(); ++i)
    if (tree.infosets[i].seat == 1 && parent[i] >= 0)
      for (std::size_t k = 0; k < tree.infosets[i].actions.size(); ++k)
        seat1_row(static_cast<std::uint32_t>(1 + tree.infosets[i].offset + k), 1 + i);
  std::vector<double> c(nx + nq, 0.0);
  c[nx] = 1;
  return simplex_max(a, b, c) - shift;
}

}  // namespace arbiter::lp
