/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "pr-mapping.h"
#include "pr-session.h"
#include "pr-test-sample.h"

G_BEGIN_DECLS

PrSession *pr_test_session_open_last (PrTestSample    *sample,
                                      const PrMapping *mapping);

G_END_DECLS
