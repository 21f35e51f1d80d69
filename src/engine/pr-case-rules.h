/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PR_CASE_RULES_ERROR (pr_case_rules_error_quark ())

typedef enum {
  PR_CASE_RULES_ERROR_INVALID,  /* a rules file that cannot be read as rules */
} PrCaseRulesError;

GQuark pr_case_rules_error_quark (void);

/* A case's state, as the rules' words for it say (docs/petition-rules.md). */
typedef enum {
  PR_CASE_STATE_UNKNOWN,       /* no state written, or a word the rules do not know */
  PR_CASE_STATE_RECEIVED,      /* 登记, 待受理: acceptance not decided yet */
  PR_CASE_STATE_HANDLING,      /* 受理, 办理中: accepted and being handled */
  PR_CASE_STATE_CONCLUDED,     /* 办结: answered; a review may be asked for */
  PR_CASE_STATE_REVIEW,        /* 复查: under review */
  PR_CASE_STATE_FINAL_REVIEW,  /* 复核中: under final review */
  PR_CASE_STATE_FINAL,         /* 复核: concluded by final review */
  PR_CASE_STATE_NOT_ACCEPTED,  /* 不予受理 */
  PR_CASE_N_STATES
} PrCaseState;

/* What to do with a new repeat of an earlier case by the same person. */
typedef enum {
  PR_DISPOSITION_NONE,       /* not told: the state is unknown, or the records are not such a repeat */
  PR_DISPOSITION_REMIND,     /* 催办: the earlier case is open and within its period */
  PR_DISPOSITION_OVERDUE,    /* 催办 (超期): the earlier case is open past its longest period */
  PR_DISPOSITION_NOT_AGAIN,  /* 不再受理: concluded by final review */
  PR_DISPOSITION_NEW_CASE,   /* 另行受理: the earlier case is closed short of final review */
} PrDisposition;

typedef enum {
  PR_CASE_DAYS_NATURAL,  /* every day counts */
  PR_CASE_DAYS_WORKING,  /* Monday to Friday, less the holidays, plus the make-up working days */
} PrCaseDays;

typedef struct _PrCaseRules PrCaseRules;

PrCaseRules  *pr_case_rules_new_default    (void);
PrCaseRules  *pr_case_rules_new_from_file  (const char         *path,
                                            GError            **error);
PrCaseRules  *pr_case_rules_new_from_data  (const char         *data,
                                            const char         *source,
                                            GError            **error);
void          pr_case_rules_free           (PrCaseRules        *rules);
PrCaseState   pr_case_rules_state_of       (const PrCaseRules  *rules,
                                            const char         *text);
PrDisposition pr_case_rules_dispose        (const PrCaseRules  *rules,
                                            PrCaseState         state,
                                            gint64              earlier_date,
                                            gint64              accepted,
                                            gint64              date,
                                            gint64             *out_due);
gint64        pr_case_rules_add_days       (const PrCaseRules  *rules,
                                            gint64              day,
                                            guint               n);
gboolean      pr_case_rules_is_working_day (const PrCaseRules  *rules,
                                            gint64              day);
PrCaseDays    pr_case_rules_get_days       (const PrCaseRules  *rules);
guint         pr_case_rules_get_same_person_days (const PrCaseRules *rules);
guint         pr_case_rules_get_multi_send_days  (const PrCaseRules *rules);
const char   *pr_case_state_to_string      (PrCaseState         state);
const char   *pr_disposition_to_string     (PrDisposition       disposition);
gint64        pr_case_day_of               (gint64              seconds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrCaseRules, pr_case_rules_free)

G_END_DECLS
