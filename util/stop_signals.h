// Stopping long work cleanly: after stop_on_signals(), Ctrl-C (SIGINT) or SIGTERM turns
// interrupted() true, and the work stops at its next safe point (a training iteration, a match's
// game boundary) so that what it wrote stays whole and a rerun resumes. A second signal ends the
// process at once, for when the safe point is too far away.
#pragma once

namespace bredon {

// Also undoes an inherited SIG_IGN: a shell starts background jobs with SIGINT ignored, which
// would leave `kill -INT` without effect.
void stop_on_signals();
bool interrupted();

}  // namespace bredon
