#define _GNU_SOURCE
#include "CSpawnShim.h"
#include <fcntl.h>
#include <unistd.h>

int understudy_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int understudy_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int understudy_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
