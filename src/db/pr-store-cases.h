/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-case-numbering.h"
#include "pr-store.h"

G_BEGIN_DECLS

/* A case as the store keeps it: pr_cases and pr_case_members. */
typedef struct {
  guint32   number;
  char     *primary_id;
  char    **member_ids;     /* NULL-terminated, sorted; an ended case's as it ended */
  guint     n_members;
  gint64    first_scan_id;  /* the scan that numbered it */
  gint64    first_seen_at;  /* unix seconds, UTC */
  gint64    last_scan_id;   /* the last scan that found it */
  gint64    last_seen_at;
  gint64    ended_scan_id;  /* 0 while it is open */
  gint64    ended_at;
  guint32   merged_into;    /* an ended case's successor; 0 for none */
} PrStoredCase;

GPtrArray *pr_store_list_cases  (PrStore      *store,
                                 const char   *table,
                                 gboolean      with_ended,
                                 GError      **error);
void       pr_stored_case_free  (PrStoredCase *stored_case);
GHashTable *pr_store_find_open_cases (PrStore    *store,
                                      const char *table,
                                      GPtrArray  *record_ids,
                                      GError    **error);
gboolean   pr_store_number_cases (PrStore     *store,
                                  const char  *table,
                                  PrScanCases *cases,
                                  GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrStoredCase, pr_stored_case_free)

G_END_DECLS
