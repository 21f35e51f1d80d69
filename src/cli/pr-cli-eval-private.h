/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What eval shares with the reading of its truth (pr-cli-eval-truth.c):
 * the labelled pairs and the records file read again for a column.
 */
#pragma once

#include <glib.h>

#include "pr-record-set.h"

G_BEGIN_DECLS

typedef enum {
  LABEL_DUP,
  LABEL_SAME_MATTER,
  LABEL_DIFF,
} Label;

typedef struct {
  guint32 a, b;     /* record indices, a < b */
  Label   label;
  int     basis;    /* index into the bases seen, or -1 */
} LabelledPair;

/* The records file, to read a column of it again: the record set keeps
 * fingerprints, not values. */
typedef struct {
  const char *path;
  const char *encoding;
  const char *id_column;   /* NULL: a record's id is its row number */
  GHashTable *index_of;    /* id → record + 1 */
  /* The ids of the rows left out as bad (--skip-bad-rows): a truth that
   * names one passes it over, as the scan does, rather than stop. NULL:
   * none was left out. */
  GHashTable *left_out;
  guint64     n_left_out;  /* lines of the file read last that named one */
} RecordsFile;

static inline guint64
pair_key (guint32 a,
          guint32 b)
{
  return ((guint64) MIN (a, b) << 32) | MAX (a, b);
}

gboolean   _pr_cli_eval_find_record            (const RecordsFile  *file,
                                                const char         *id,
                                                const char         *path,
                                                guint64             line,
                                                gsize              *index,
                                                GError            **error);
gboolean   pr_cli_eval_people                  (const PrRecordSet  *set,
                                                RecordsFile        *file,
                                                const char         *path,
                                                GError            **error);
GPtrArray *_pr_cli_eval_held_back_grams        (RecordsFile        *file,
                                                const char         *column,
                                                gsize               n_records,
                                                GError            **error);
GArray    *_pr_cli_eval_load_truth_column      (RecordsFile        *file,
                                                const char         *column,
                                                GError            **error);
GArray    *_pr_cli_eval_load_truth_groups_file (const char         *path,
                                                RecordsFile        *file,
                                                GError            **error);
GArray    *_pr_cli_eval_load_pairs             (const char         *path,
                                                char              **columns,
                                                RecordsFile        *file,
                                                GPtrArray          *bases,
                                                GError            **error);

G_END_DECLS
