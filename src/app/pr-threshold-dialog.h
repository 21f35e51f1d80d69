/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"

G_BEGIN_DECLS

#define PR_TYPE_THRESHOLD_DIALOG (pr_threshold_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PrThresholdDialog, pr_threshold_dialog, PR, THRESHOLD_DIALOG, GtkWindow)

PrThresholdDialog        *pr_threshold_dialog_new         (GtkWindow         *parent,
                                                           PrSession         *session);
gboolean                  pr_threshold_dialog_get_loading (PrThresholdDialog *dialog);
GtkProgressBar           *pr_threshold_dialog_get_progress_bar (PrThresholdDialog *dialog);
gboolean                  pr_threshold_dialog_get_ready   (PrThresholdDialog *dialog);
const PrThresholdSummary *pr_threshold_dialog_get_summary (PrThresholdDialog *dialog);
void                      pr_threshold_dialog_set_k       (PrThresholdDialog *dialog,
                                                           guint              k);
gboolean                  pr_threshold_dialog_apply       (PrThresholdDialog *dialog);

G_END_DECLS
