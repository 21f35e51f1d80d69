/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <pthread.h>

G_BEGIN_DECLS

void     pr_memory_stop_install            (void);
guint64  pr_memory_address_space_limit     (void);
GRegexCompileFlags pr_memory_regex_optimize (void);

void     pr_memory_tolerate_failure        (gboolean  tolerate);
gboolean pr_memory_failure_tolerated       (void);
G_NORETURN void pr_memory_stop_now         (gsize     size);

/* Called in the thread whose allocation failed, with the bytes it could
 * not have (0 if not known); a hook that returns lets the process end. */
typedef void (*PrMemoryStopHook) (gsize size);
void     pr_memory_set_stop_hook           (PrMemoryStopHook hook);
void     pr_memory_park_allocations        (pthread_t kept);
void     pr_memory_park_if_stopped         (void);

/* An allocation whose failure the caller handles: a program that stops
 * on every failed allocation (petition-review-cli) lets this one return
 * NULL. */
#define PR_MEMORY_TRY(expr) \
  ({ pr_memory_tolerate_failure (TRUE); __auto_type pr_memory_try_result_ = (expr); \
     pr_memory_tolerate_failure (FALSE); pr_memory_try_result_; })

G_END_DECLS
