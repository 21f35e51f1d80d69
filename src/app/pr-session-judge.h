/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-pair-explain.h"
#include "pr-pair-judge.h"
#include "pr-session.h"
#include "pr-session-judging.h"
#include "pr-store-learn.h"

G_BEGIN_DECLS

/* How many pairs the "needs a judgement" queue holds at most. */
#define PR_SESSION_UNSURE_MAX 200

void     pr_session_set_second_stage    (PrSession           *session,
                                         gboolean             second_stage);
gboolean pr_session_get_second_stage    (PrSession           *session);
double   pr_session_get_probability     (PrSession           *session,
                                         guint32              a,
                                         guint32              b);
double   pr_session_get_chain           (PrSession           *session,
                                         PrClusterItem       *item,
                                         guint                index,
                                         guint               *through);
double   pr_session_get_judge_threshold (PrSession           *session);
char    *pr_session_format_probability  (double               probability);
GArray  *pr_session_list_unsure         (PrSession           *session,
                                         guint                max);
void     pr_session_unsure_async        (PrSession           *session,
                                         guint                max,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
GArray  *pr_session_unsure_finish       (PrSession           *session,
                                         GAsyncResult        *result,
                                         GError             **error);
void     pr_session_unsure_stop         (PrSession           *session);
gboolean pr_session_explain_pair        (PrSession           *session,
                                         guint32              a,
                                         guint32              b,
                                         PrPairPart          *parts,
                                         guint               *n_parts,
                                         double              *bias,
                                         GError             **error);
gboolean pr_session_explain_pair_ready  (PrSession           *session,
                                         guint32              a,
                                         guint32              b,
                                         PrPairPart          *parts,
                                         guint               *n_parts,
                                         double              *bias,
                                         GError             **error);
void     pr_session_learn_async         (PrSession           *session,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean pr_session_learn_finish        (PrSession           *session,
                                         GAsyncResult        *result,
                                         PrLearnReport       *report,
                                         GError             **error);
void     pr_session_judge_pair_async    (PrSession           *session,
                                         guint32              a,
                                         guint32              b,
                                         PrVerdict            verdict,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean pr_session_judge_pair_finish   (PrSession           *session,
                                         GAsyncResult        *result,
                                         GError             **error);

G_END_DECLS
