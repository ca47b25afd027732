// `bredon play`: a person against the bot in the terminal. PTN input with helpful errors,
// `moves` lists the legal moves, `undo` takes back your last move, `quit` ends; the game is
// saved as PTN.
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/ptn_game.h"
#include "nn/bot_library.h"
#include "nn/torch_threads.h"
#include "search/bot_search.h"

namespace bredon::cli {
namespace {

std::string cell_text(const Position& pos, Square s) {
  const Stack& st = pos.stack(s);
  if (!st.height) return ".";
  std::string t;
  for (int h = 0; h < st.height; ++h) t += st.color_at(h) == Color::White ? 'w' : 'b';
  // The top piece in capitals, with its kind: W/B flat, S wall, C capstone.
  t.back() = static_cast<char>(std::toupper(t.back()));
  const PieceKind k = pos.top_kind(s);
  if (k == PieceKind::Wall) t += 'S';
  if (k == PieceKind::Cap) t += 'C';
  return t;
}

void show(const Position& pos, const std::string& last, std::ostream& out) {
  const int n = pos.size();
  size_t width = 3;
  for (Square s = 0; s < kNumSquares; ++s)
    if (pos.board() & bit(s)) width = std::max(width, cell_text(pos, s).size() + 1);
  out << "\n";
  for (int r = n - 1; r >= 0; --r) {
    out << " " << r + 1 << " ";
    for (int c = 0; c < n; ++c) {
      std::string t = cell_text(pos, make_square(c, r));
      out << t << std::string(width - t.size(), ' ');
    }
    out << "\n";
  }
  out << "   ";
  for (int c = 0; c < n; ++c) out << static_cast<char>('a' + c) << std::string(width - 1, ' ');
  out << "\n   stacks bottom to top: w/b pieces, capital = top; S wall, C capstone\n";
  for (Color c : {Color::White, Color::Black}) {
    const Reserves r = pos.reserves(c);
    out << "   " << (c == Color::White ? "white" : "black") << ": " << r.stones << " stones, " << r.caps
        << " capstones in reserve, " << pos.flat_count(c) << " flats on top\n";
  }
  if (!last.empty()) out << "   last move: " << last << "\n";
}

struct PlayOptions {
  std::string model, models = default_models_dir(), color = "white", komi = "0", level = "medium", out;
  int size = 0;
  int64_t think_ms = 2000;
};

int run_play(const PlayOptions& o) {
  const std::string& model_path = o.model;
  int size = o.size;
  const std::string& color = o.color;
  const int half_komi = parse_komi(o.komi);
  const Level level = parse_level(o.level);
  const int64_t think_ms = o.think_ms;
  std::string out_path = o.out;
  const int cores = configure_threads_for_bot_search();
  BotLibrary bots(o.models);
  if (!model_path.empty()) {
    bots.add_preferred(model_path);
    const int model_size = bots.bots().front().meta.size;
    if (size && size != model_size)
      throw UsageError("--size " + std::to_string(size) + " does not match --model " + model_path + ", a " +
                       std::to_string(model_size) + "x" + std::to_string(model_size) + " bot");
    size = model_size;
  }
  if (!size) size = 5;
  std::string description;
  const std::unique_ptr<Evaluator> evaluator = bots.evaluator_for(size, half_komi, &description);
  const std::string bot = "bredon " + level_name(level) + " (" + description + ")";
  if (out_path.empty()) out_path = "game_" + std::to_string(std::time(nullptr)) + ".ptn";
  // Refuse an unwritable --out before the game, not after it.
  if (!std::ofstream(out_path, std::ios::app))
    throw UsageError("cannot write --out " + out_path + ": " + std::strerror(errno));
  const Color human = color == "white" ? Color::White : Color::Black;
  std::vector<Move> moves;
  std::string last;
  auto rebuild = [&] {
    Position p(size, half_komi);
    for (Move m : moves) p.play(m);
    return p;
  };
  Position pos(size, half_komi);
  std::cout << "You play " << color << " on " << size << "x" << size << " (komi " << komi_text(half_komi)
            << ") against " << bot << ". Type a move in PTN (a1, Sb2, Cc3, 3c3>12), 'moves', 'undo' or 'quit'.\n";
  uint64_t seed = static_cast<uint64_t>(std::time(nullptr));
  Thinker thinker(seed, cores);
  while (!pos.game_over()) {
    show(pos, last, std::cout);
    if (pos.side_to_move() != human) {
      const Move m = thinker.think(pos, *evaluator, level, level == Level::Hard ? think_ms : -1, -1, nullptr, seed++, nullptr);
      pos.play(m);
      moves.push_back(m);
      last = to_ptn(m) + " (bot)";
      continue;
    }
    std::cout << "your move> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) break;
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line.empty()) continue;
    if (line == "quit") break;
    if (line == "moves") {
      std::cout << "legal moves:";
      for (Move m : legal_moves(pos)) std::cout << " " << to_ptn(m);
      std::cout << "\n";
      continue;
    }
    if (line == "undo") {
      // Take back the bot's reply and your move.
      size_t back = 0;
      while (!moves.empty() && back < 2) {
        moves.pop_back();
        ++back;
      }
      while (!moves.empty() && rebuild().side_to_move() != human) moves.pop_back();
      pos = rebuild();
      last = "(undone)";
      continue;
    }
    try {
      const Move m = parse_ptn_move(line, size);
      const std::string why = pos.why_illegal(m);
      if (!why.empty()) {
        std::cout << "'" << line << "' is not legal here: " << why << ". Type 'moves' for the list.\n";
        continue;
      }
      pos.play(m);
      moves.push_back(m);
      last = to_ptn(m) + " (you)";
    } catch (const ParseError& e) {
      std::cout << e.what() << ". Examples: a1, Sb2, Cc3, c3>, 3c3>12.\n";
    }
  }
  show(pos, last, std::cout);
  const std::string result = pos.game_over() ? result_string(pos.result()) : "";
  std::cout << (pos.game_over() ? "Game over: " + result : std::string("Game left unfinished")) << "\n";
  GameRecord rec;
  rec.size = size;
  rec.half_komi = half_komi;
  rec.set_tag("Size", std::to_string(size));
  rec.set_tag("Komi", komi_text(half_komi));
  rec.set_tag("Player1", human == Color::White ? "you" : bot);
  rec.set_tag("Player2", human == Color::Black ? "you" : bot);
  if (!result.empty()) rec.set_tag("Result", result);
  rec.moves = moves;
  rec.comments.assign(moves.size(), "");
  rec.result = result;
  std::ofstream out(out_path);
  out << to_ptn_game(rec);
  out.close();
  if (!out) {
    std::cerr << "bredon play: could not save the game to " << out_path << ": " << std::strerror(errno) << "\n"
              << to_ptn_game(rec);  // the game is not lost: here it is
    return 1;
  }
  std::cout << "saved " << out_path << "\n";
  return 0;
}

}  // namespace

void add_play_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "a game against the bot in the terminal, saved as PTN");
  cmd->add_option("--model", o->model, "bot file, played on its own board size ahead of --models");
  cmd->add_option("--models", o->models, "folder of bot files, one picked by size and komi")->capture_default_str();
  cmd->add_option("--size", o->size, "board size, 3..8 (default: --model's, else 5)")->check(CLI::Range(3, 8));
  cmd->add_option("--color", o->color, "your colour")->check(CLI::IsMember({"white", "black"}));
  cmd->add_option("--komi", o->komi, "komi in points, whole or half");
  cmd->add_option("--level", o->level, "easy, medium or hard")->check(CLI::IsMember({"easy", "medium", "hard"}));
  cmd->add_option("--think-ms", o->think_ms, "the hard level's time a move")->check(CLI::Range(10, 600000));
  cmd->add_option("--out", o->out, "PTN file for the game (default: game_<time>.ptn)");
  cmd->callback([o, &exit_code] { exit_code = run_play(*o); });
}
}  // namespace bredon::cli
