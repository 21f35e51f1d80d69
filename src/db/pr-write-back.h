/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-store.h"

G_BEGIN_DECLS

/* Write-back: where a decision is written into the source table, for a
 * connection on which the user has switched it on (docs/design.md,
 * "Data safety"). Every name must be a column of @table as the catalogue spells
 * it; at least one of repeat_of_column and status_column is set. */
typedef struct {
  char *table;              /* the source table, in the connection's current database */
  char *id_column;          /* the column holding the record ids the decisions name */
  char *repeat_of_column;   /* nullable: receives the primary's id, or NULL when not a repeat */
  char *status_column;      /* nullable: receives status_repeat or status_not_repeat */
  char *status_repeat;      /* required with status_column */
  char *status_not_repeat;  /* required with status_column */
} PrWriteBack;

PrWriteBack *pr_write_back_new            (const char            *table,
                                           const char            *id_column,
                                           const char            *repeat_of_column,
                                           const char            *status_column,
                                           const char            *status_repeat,
                                           const char            *status_not_repeat);
void         pr_write_back_free           (PrWriteBack           *write_back);
gboolean     pr_store_check_write_back    (PrStore               *store,
                                           const PrWriteBack     *write_back,
                                           GError               **error);
gint64       pr_store_add_decision_written_back (PrStore         *store,
                                           PrDecision            *decision,
                                           const PrWriteBack     *write_back,
                                           GError               **error);
gboolean     pr_store_add_decisions_written_back (PrStore        *store,
                                           GPtrArray             *decisions,
                                           const PrWriteBack     *write_back,
                                           GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrWriteBack, pr_write_back_free)

G_END_DECLS
