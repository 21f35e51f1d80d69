/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What bench-ui.c and bench-ui-review.c share. */
#pragma once

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-window.h"

G_BEGIN_DECLS

/* One turn of the main loop: from the return of one poll to the call of
 * the next. */
typedef struct {
  double ms;        /* wall time */
  double cpu_ms;    /* the main thread's processor time in it */
  double at;        /* seconds since the action started, at its end */
  double queued_ms; /* runnable but waiting for a core (another program's turn) */
} BenchTurn;

/* A column and the way it is ordered, as a click on its header does (a
 * second click reverses). */
typedef struct {
  const char  *title;
  GtkSortType  order;
} SortBy;

void     bench_turns_start   (GArray *into);
void     bench_turns_stop    (void);
guint    bench_turns_over_50 (GArray *turns);

void     review_actions      (PrWindow       *window,
                              PrClusterItem  *item,
                              PrClusterItem  *other,
                              const char     *dir);
void     largest_and_other   (GListModel     *clusters,
                              PrClusterItem **largest,
                              PrClusterItem **other);

/* In bench-ui.c. */
gint64   thread_cpu_time     (void);
double   until_painted       (void);
gboolean search_done         (gpointer  window);
void     set_filters         (PrWindow *window,
                              gpointer  data);
void     set_dates           (PrWindow *window,
                              gpointer  data);
void     set_search          (PrWindow *window,
                              gpointer  data);
void     sort_by_order       (PrWindow *window,
                              gpointer  data);

G_END_DECLS
