/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PR_CASE_NUMBERING_ERROR (pr_case_numbering_error_quark ())

typedef enum {
  PR_CASE_NUMBERING_ERROR_INVALID,  /* a record in two cases, a primary not among its members,
                                     * a number given twice or above the largest used */
} PrCaseNumberingError;

GQuark pr_case_numbering_error_quark (void);

/* A case of the last scan, or a cluster of this one (number unused). */
typedef struct {
  guint32            number;
  const char        *primary_id;
  const char *const *member_ids;  /* every member, the primary among them */
  gsize              n_members;
} PrCaseMembers;

/* An earlier case that no new cluster continues. */
typedef struct {
  guint32 number;
  guint32 merged_into;  /* the case now holding its primary (else most of its
                         * members); 0 when none of them is in a cluster */
} PrCaseEnd;

typedef struct {
  gsize      n_clusters;
  guint32   *numbers;     /* numbers[i]: the case number of clusters[i] */
  guint8    *continued;   /* continued[i]: the number is an earlier case's */
  gsize      n_ended;
  PrCaseEnd *ended;       /* by number */
  guint32    max_number;  /* the largest number ever used, these included */
} PrCaseNumbering;

PrCaseNumbering *pr_case_numbering_new  (const PrCaseMembers *earlier,
                                         gsize                n_earlier,
                                         guint32              max_used,
                                         const PrCaseMembers *clusters,
                                         gsize                n_clusters,
                                         GError             **error);
void             pr_case_numbering_free (PrCaseNumbering     *numbering);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCaseNumbering, pr_case_numbering_free)

G_END_DECLS
