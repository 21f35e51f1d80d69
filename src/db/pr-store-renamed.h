/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-store.h"

G_BEGIN_DECLS

/* A table of the connection's database that has history in the store but
 * is no longer in the database, and whose records have the ids of a table
 * without history: most likely the same table, renamed. */
typedef struct {
  char    *table;      /* the name the history is under */
  guint64  n_stored;   /* its live stored records */
  guint64  n_shared;   /* of them, ids the new table has */
  guint64  n_compared; /* of those, stored under the new table's mapping version */
  guint64  n_same;     /* of those, reading as stored: the same petitions */
} PrRenamedTable;

void      pr_renamed_table_clear    (PrRenamedTable     *renamed);
gboolean  pr_store_find_renamed     (PrStore            *store,
                                     const char         *table,
                                     char *const        *record_ids,
                                     const guint64      *content_hashes,
                                     guint64             mapping_version,
                                     gsize               n_records,
                                     PrRenamedTable     *renamed,
                                     GError            **error);
gboolean  pr_store_move_history     (PrStore            *store,
                                     const char         *from,
                                     const char         *table,
                                     guint64            *n_rows,
                                     GError            **error);
gboolean  pr_store_knows_table      (PrStore            *store,
                                     const char         *table,
                                     guint32             case_number,
                                     gboolean           *known,
                                     GError            **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PrRenamedTable, pr_renamed_table_clear)

G_END_DECLS
