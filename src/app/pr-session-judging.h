/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-cluster-item.h"
#include "pr-session.h"

G_BEGIN_DECLS

/* pr_session_get_probability () of a pair being judged off the main thread. */
#define PR_SESSION_JUDGING (-2.0)

void     pr_session_judge_case  (PrSession     *session,
                                 PrClusterItem *item);
gboolean pr_session_get_judging (PrSession     *session,
                                 guint32        a,
                                 guint32        b);

G_END_DECLS
