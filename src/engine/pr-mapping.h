/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-identity.h"

G_BEGIN_DECLS

/* The weights a column may have besides 0. */
#define PR_MAPPING_MIN_WEIGHT 1e-6
#define PR_MAPPING_MAX_WEIGHT 1e6

#define PR_MAPPING_ERROR (pr_mapping_error_quark ())

typedef enum {
  PR_MAPPING_ERROR_INVALID,    /* a bad weight, an unknown role, an empty name */
  PR_MAPPING_ERROR_DUPLICATE,  /* a column mapped twice, or a second id column */
} PrMappingError;

GQuark pr_mapping_error_quark (void);

typedef enum {
  PR_COLUMN_ROLE_IGNORE,
  PR_COLUMN_ROLE_ID,
  PR_COLUMN_ROLE_SHORT,
  PR_COLUMN_ROLE_TEXT,
  PR_COLUMN_ROLE_DATE,
  /* The earlier case's state and its dates (pr-case-rules.c): read, kept,
   * never fingerprinted nor counted as an edit of the record. */
  PR_COLUMN_ROLE_STATUS,    /* 受理, 办理中, 办结, 复查, 复核… */
  PR_COLUMN_ROLE_ACCEPTED,  /* the day the case was accepted */
  PR_COLUMN_ROLE_UNIT,      /* the body that received the letter */
} PrColumnRole;

/* docs/design.md, "The fingerprint": short fields weigh 2, text words 1 per occurrence. */
#define PR_SHORT_DEFAULT_WEIGHT 2.0
#define PR_TEXT_DEFAULT_WEIGHT  1.0

typedef struct {
  char         *name;
  PrColumnRole  role;
  double        weight;
  PrIdentityRole identity;   /* a short column telling who sent the record: an id, a name, an ID card… */
  gboolean      category;    /* a short column naming the matter's category (pr-repeat-kind.c) */
  char         *encoding;    /* the bytes' encoding in the table, e.g. "GBK"; NULL: as the server says */
  char         *label;       /* the name shown to people (a column comment); NULL: the name */
  gboolean      json;        /* the table's column holds JSON: a string is read as its text (the catalogue says) */
  gboolean      encoding_forced; /* read in @encoding or the column's character set even where a value's bytes
                                  * also read as UTF-8 text */
} PrMappingColumn;

typedef struct _PrMapping PrMapping;

PrMapping             *pr_mapping_new                  (void);
PrMapping             *pr_mapping_copy                 (const PrMapping  *mapping);
PrMapping             *pr_mapping_copy_roles           (const PrMapping    *mapping,
                                                        const PrColumnRole *roles,
                                                        guint               n_roles);
void                   pr_mapping_free                 (PrMapping        *mapping);
gboolean               pr_mapping_add                  (PrMapping        *mapping,
                                                        const char       *name,
                                                        PrColumnRole      role,
                                                        double            weight,
                                                        GError          **error);
void                   pr_mapping_explain_missing_column (const char   *name,
                                                          GError      **error);
gboolean               pr_mapping_add_spec             (PrMapping        *mapping,
                                                        PrColumnRole      role,
                                                        const char       *spec,
                                                        GError          **error);
gboolean               pr_mapping_set_petitioner       (PrMapping        *mapping,
                                                        const char       *name,
                                                        GError          **error);
gboolean               pr_mapping_remove               (PrMapping        *mapping,
                                                        const char       *name);
gboolean               pr_mapping_set_category         (PrMapping        *mapping,
                                                        const char       *name,
                                                        GError          **error);
gboolean               pr_mapping_set_encoding         (PrMapping        *mapping,
                                                        const char       *name,
                                                        const char       *encoding,
                                                        GError          **error);
gboolean               pr_mapping_same_encoding        (const char       *a,
                                                        const char       *b);
gboolean               pr_mapping_set_label            (PrMapping        *mapping,
                                                        const char       *name,
                                                        const char       *label,
                                                        GError          **error);
const char            *pr_mapping_column_get_label     (const PrMappingColumn *column);
void                   pr_mapping_force_encodings      (PrMapping        *mapping);
void                   pr_mapping_set_json             (PrMapping        *mapping,
                                                        const char       *name,
                                                        gboolean          json);
gboolean               pr_mapping_set_identity         (PrMapping        *mapping,
                                                        const char       *name,
                                                        PrIdentityRole    role,
                                                        GError          **error);
guint                  pr_mapping_count_petitioner     (const PrMapping  *mapping);
guint                  pr_mapping_count_identity       (const PrMapping  *mapping,
                                                        PrIdentityRole    role);
guint                  pr_mapping_get_n_columns        (const PrMapping  *mapping);
const PrMappingColumn *pr_mapping_get_column           (const PrMapping  *mapping,
                                                        guint             index);
int                    pr_mapping_find                 (const PrMapping  *mapping,
                                                        PrColumnRole      role);
guint                  pr_mapping_count_role           (const PrMapping  *mapping,
                                                        PrColumnRole      role);
const char            *pr_column_role_to_string        (PrColumnRole      role);
double                 pr_column_role_default_weight   (PrColumnRole      role);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrMapping, pr_mapping_free)

G_END_DECLS
