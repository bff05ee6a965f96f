/**
 * The signal that starts, then stops, a profiled server's profiler (cpu-profile-on-signal.ts).
 * SIGWINCH: its default action is to be ignored, and Nest's shutdown hooks listen to neither it
 * nor SIGUSR1 (Node's inspector's), while they stop the API on SIGUSR2.
 */
export const PROFILE_SIGNAL = 'SIGWINCH';
