#include "arena/ratings.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace bredon {

std::vector<Rating> fit_ratings(std::vector<std::string> players, const std::vector<PairResult>& results,
                                double prior_sd_elo, const std::map<std::string, std::string>& prior_parent) {
  std::map<std::string, int> index;
  for (const auto& p : players) index.emplace(p, static_cast<int>(index.size()));
  auto add = [&](const std::string& name) {
    if (index.emplace(name, static_cast<int>(players.size())).second) players.push_back(name);
  };
  for (const auto& r : results) {
    add(r.a);
    add(r.b);
  }
  for (const auto& [child, par] : prior_parent) {
    add(child);
    add(par);
  }
  const int n = static_cast<int>(players.size());
  // parent[i]: the player whose rating is the centre of i's prior (0, the anchor, by default).
  // Every chain of parents must reach the anchor, or the prior leaves a loop unbounded.
  std::vector<int> parent(static_cast<size_t>(n), 0);
  for (const auto& [child, par] : prior_parent) parent[static_cast<size_t>(index[child])] = index[par];
  for (int i = 1; i < n; ++i) {
    int at = i;
    for (int hops = 0; at != 0; ++hops) {
      if (hops > n)
        throw std::invalid_argument("rating priors: the parents of " + players[static_cast<size_t>(i)] +
                                    " form a loop that never reaches the anchor");
      at = parent[static_cast<size_t>(at)];
    }
  }
  const double scale = 400.0 / std::log(10.0);  // Elo per logistic unit
  const double prior_precision = 1.0 / std::pow(prior_sd_elo / scale, 2);
  // Free parameters: every player but the anchor.
  const int k = n - 1;
  Eigen::VectorXd q = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd info = Eigen::MatrixXd::Identity(std::max(k, 1), std::max(k, 1)) * prior_precision;
  for (int iter = 0; iter < 100 && k > 0; ++iter) {
    Eigen::VectorXd grad = Eigen::VectorXd::Zero(n);
    Eigen::MatrixXd hess = Eigen::MatrixXd::Zero(n, n);  // of the negative log-likelihood
    for (const auto& r : results) {
      const int a = index[r.a], b = index[r.b];
      const double games = r.wins + r.draws + r.losses;
      if (games == 0) continue;
      const double score = r.wins + 0.5 * r.draws;
      const double p = 1.0 / (1.0 + std::exp(-(q[a] - q[b])));
      grad[a] += score - games * p;
      grad[b] -= score - games * p;
      const double w = games * p * (1 - p);
      hess(a, a) += w;
      hess(b, b) += w;
      hess(a, b) -= w;
      hess(b, a) -= w;
    }
    // The prior term prior_precision / 2 * (q[i] - q[parent[i]])^2 for every free player i.
    for (int i = 1; i < n; ++i) {
      const int p = parent[static_cast<size_t>(i)];
      const double d = q[i] - q[p];
      grad[i] -= prior_precision * d;
      grad[p] += prior_precision * d;
      hess(i, i) += prior_precision;
      hess(p, p) += prior_precision;
      hess(i, p) -= prior_precision;
      hess(p, i) -= prior_precision;
    }
    const Eigen::VectorXd g = grad.tail(k);
    info = hess.bottomRightCorner(k, k);
    const Eigen::VectorXd step = info.ldlt().solve(g);
    q.tail(k) += step;
    if (step.cwiseAbs().maxCoeff() < 1e-9) break;
  }
  std::vector<Rating> out(static_cast<size_t>(n));
  Eigen::MatrixXd cov = k > 0 ? Eigen::MatrixXd(info.inverse()) : Eigen::MatrixXd();
  for (int i = 0; i < n; ++i) {
    Rating& r = out[static_cast<size_t>(i)];
    r.player = players[static_cast<size_t>(i)];
    r.elo = q[i] * scale;
    r.stderr_elo = i == 0 ? 0.0 : std::sqrt(std::max(0.0, cov(i - 1, i - 1))) * scale;
  }
  for (const auto& res : results) {
    const int g = res.wins + res.draws + res.losses;
    out[static_cast<size_t>(index[res.a])].games += g;
    out[static_cast<size_t>(index[res.b])].games += g;
  }
  return out;
}

std::string ratings_json(const std::vector<Rating>& ratings) {
  std::string s = "[";
  char buf[512];
  for (size_t i = 0; i < ratings.size(); ++i) {
    const Rating& r = ratings[i];
    std::snprintf(buf, sizeof buf, "%s{\"player\": \"%s\", \"elo\": %.1f, \"stderr\": %.1f, \"games\": %d}",
                  i ? ", " : "", r.player.c_str(), r.elo, r.stderr_elo, r.games);
    s += buf;
  }
  return s + "]";
}

std::string ratings_table(const std::vector<Rating>& ratings) {
  std::vector<Rating> sorted = ratings;
  std::sort(sorted.begin(), sorted.end(), [](const Rating& x, const Rating& y) { return x.elo > y.elo; });
  std::string s = "player                         elo     95% interval   games\n";
  char buf[256];
  for (const Rating& r : sorted) {
    std::snprintf(buf, sizeof buf, "%-28s %7.0f  [%6.0f, %6.0f]  %6d\n", r.player.c_str(), r.elo,
                  r.elo - 1.96 * r.stderr_elo, r.elo + 1.96 * r.stderr_elo, r.games);
    s += buf;
  }
  return s;
}

}  // namespace bredon
