/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_HISTORY_POPOVER (pr_history_popover_get_type ())
G_DECLARE_FINAL_TYPE (PrHistoryPopover, pr_history_popover, PR, HISTORY_POPOVER, GtkPopover)

void  pr_history_popover_show_history (PrHistoryPopover *popover,
                                       PrSession        *session,
                                       PrClusterItem    *item,
                                       const char       *record_id);
char *pr_history_describe             (const PrDecision *decision,
                                       const PrDecision *undone);

G_END_DECLS
