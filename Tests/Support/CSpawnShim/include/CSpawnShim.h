#ifndef UNDERSTUDY_CSPAWNSHIM_H
#define UNDERSTUDY_CSPAWNSHIM_H

#include <spawn.h>

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+): closes every descriptor from
/// `from` up in the child. Swift's Glibc module does not see it (it needs _GNU_SOURCE).
int understudy_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int from);

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+): the child's working directory.
int understudy_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// `pipe2(fds, O_CLOEXEC)`: a pipe whose ends no other child inherits (GNU, like the two above).
int understudy_pipe_cloexec(int fds[2]);

#endif
