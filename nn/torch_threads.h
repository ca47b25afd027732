// LibTorch's thread counts, set explicitly so that self-play workers, the learner and the bot's
// search threads do not each start a pool the size of the machine. Declared apart from the
// network so that code which only sets threads does not parse LibTorch's headers (17 s a file).
#pragma once

namespace bredon {

// Sets LibTorch's thread counts explicitly (0: all cores) before any parallel work starts.
void configure_torch_threads(int intra_op_threads);
// Applies that intra-op count to the calling thread (cheap when already applied). OpenMP keeps
// the count per OS thread and oneDNN's convolutions read it, so a std::thread that skips this
// uses every core: two such workers on 2 cores ran four OpenMP threads and trained 1.5x slower.
void adopt_torch_threads();
// For the bot's hard level (search/bot_search.h): one LibTorch thread per search thread, and as
// many search threads as cores. Configures LibTorch and returns that thread count.
int configure_threads_for_bot_search();

}  // namespace bredon
