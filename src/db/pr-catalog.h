/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-connection.h"
#include "pr-mapping.h"

G_BEGIN_DECLS

/* A longer comment is a note about the column, not a name for it. */
#define PR_CATALOG_MAX_COMMENT_NAME 32

typedef struct {
  char     *name;
  char     *data_type;     /* as information_schema says, lower case: varchar, text, datetime… */
  guint64   max_length;    /* characters, for character types; 0 otherwise */
  gboolean  primary_key;   /* part of the primary key, which may have other columns */
  gboolean  unique;        /* a unique key by itself: a one-column primary key or UNIQUE index */
  char     *comment;       /* the column's comment, for people: its display name; NULL if none */
  PrIdentityRole identity; /* what its first values look like (pr_catalog_sample_identities ()) */
  char     *charset;       /* its character set, lower case (latin1, utf8mb4…); NULL if not text */
  gboolean  json;          /* holds JSON (MariaDB: a text column checked by json_valid()) */
} PrColumnInfo;

GPtrArray *pr_catalog_list_tables    (PrConnection   *connection,
                                      GError        **error);
GPtrArray *pr_catalog_list_columns   (PrConnection   *connection,
                                      const char     *table,
                                      GError        **error);
guint64    pr_catalog_estimate_rows  (PrConnection   *connection,
                                      const char     *table,
                                      GError        **error);
PrMapping *pr_catalog_guess_mapping  (GPtrArray      *columns);
int        pr_catalog_date_rank      (const PrColumnInfo *column);
PrColumnRole pr_catalog_guess_case_role (const PrColumnInfo *column,
                                         gboolean           *category);
gboolean   pr_catalog_sample_identities (PrConnection *connection,
                                         const char   *table,
                                         GPtrArray    *columns,
                                         GError      **error);
gboolean   pr_column_info_is_binary  (const PrColumnInfo *info);
gboolean   pr_column_info_is_unicode (const PrColumnInfo *info);
const char *pr_column_info_east_asian_encoding (const PrColumnInfo *info);
void       pr_column_info_free       (PrColumnInfo   *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrColumnInfo, pr_column_info_free)

G_END_DECLS
