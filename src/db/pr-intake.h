/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-case-rules.h"
#include "pr-connection.h"
#include "pr-pair-model.h"
#include "pr-record-set.h"
#include "pr-repeat-kind.h"
#include "pr-store.h"
#include "pr-store-cases.h"
#include "pr-stored-index.h"

G_BEGIN_DECLS

/* One earlier case a new petition repeats, as the intake check tells it. */
typedef struct {
  char              *id;           /* the stored record */
  guint              distance;     /* of the fingerprints, in bits */
  gboolean           by_passages;  /* found by the passages shared, beyond the distance */
  gboolean           by_short_text; /* found by a short text's 3-grams alone (pr-short-pairs.c) */
  guint32            case_number;  /* the stored case it belongs to; 0: none */
  char              *primary_id;   /* that case's primary; NULL: none */
  PrRepeatKind       kind;         /* 重复件, 同事异人, 一信多投; NONE when no petitioner is known */
  PrIdentityEvidence evidence;     /* why the same petitioner */
  char              *status;       /* the state as written; "" if none */
  PrCaseState        state;
  gint64             date;         /* seconds, or PR_DATE_NONE */
  gint64             accepted;     /* seconds, or PR_DATE_NONE */
  PrDisposition      disposition;  /* for a repeat of an earlier case */
  gint64             due;          /* the last day of the earlier case's step, or PR_DATE_NONE */
  double             probability;  /* the second stage's, that it is a repeat; < 0 without one */
} PrIntakeCase;

void pr_intake_case_clear (PrIntakeCase *intake_case);

typedef struct _PrIntake PrIntake;

PrIntake *pr_intake_new    (PrConnection         *connection,
                            PrStore              *store,
                            const char           *table,
                            const PrMapping      *mapping,
                            const PrLoadOptions  *options,
                            guint64               mapping_version,
                            guint                 k,
                            const PrCaseRules    *rules,
                            gboolean              in_memory,
                            GError              **error);
void      pr_intake_free   (PrIntake             *self);
const char *pr_intake_get_notice (PrIntake        *self);
gboolean    pr_intake_short_texts_missing (PrIntake *self);
/* pr_intake_load_passages ()'s progress: @done records of about @total (0: not known). */
typedef void (*PrIntakeProgressFunc) (guint64  done,
                                      guint64  total,
                                      gpointer user_data);

gboolean  pr_intake_needs_loading  (PrIntake             *self);
gboolean  pr_intake_load_passages  (PrIntake             *self,
                                    PrIntakeProgressFunc  progress,
                                    gpointer              user_data,
                                    GCancellable         *cancellable,
                                    GError              **error);
void      pr_intake_set_passages_in_memory (PrIntake *self,
                                            gboolean  in_memory);
GArray   *pr_intake_check  (PrIntake             *self,
                            const char *const    *values,
                            const char           *record_id,
                            gboolean             *sparse,
                            GError              **error);
GArray   *pr_intake_check_full (PrIntake            *self,
                                const char *const   *values,
                                const char          *record_id,
                                PrStoredCase       **own_case,
                                gboolean            *sparse,
                                GError             **error);
GArray   *pr_intake_check_record (PrIntake       *self,
                                  const char     *record_id,
                                  PrStoredCase  **own_case,
                                  gboolean       *sparse,
                                  GError        **error);
void      pr_intake_set_part_options (PrIntake                 *self,
                                      const PrPartMatchOptions *options);
void      pr_intake_set_second_stage (PrIntake                 *self,
                                      const PrPairModel        *model,
                                      double                    probability);
gboolean  pr_intake_judge_as_scanned (PrIntake                 *self,
                                      double                    probability,
                                      PrPartMatchOptions       *parts,
                                      gboolean                 *judged,
                                      GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrIntake, pr_intake_free)

G_END_DECLS
