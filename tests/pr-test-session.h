/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-mapping.h"
#include "pr-session.h"
#include "pr-test-sample.h"

G_BEGIN_DECLS

PrSession *pr_test_session_open_last     (PrTestSample    *sample,
                                          const PrMapping *mapping);
PrSession *pr_test_session_scan          (PrTestSample    *sample,
                                          const PrMapping *mapping);
void       pr_test_session_rescan        (PrSession       *session,
                                          const PrMapping *mapping,
                                          guint            k);
void       pr_test_session_apply_k       (PrSession       *session,
                                          guint            k);
GArray    *pr_test_session_judge_all     (PrSession       *session,
                                          GArray          *pairs);
GArray    *pr_test_session_unsure_oracle (PrSession       *session,
                                          GArray          *candidates);

G_END_DECLS
