/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"
#include "pr-window.h"

G_BEGIN_DECLS

#define PR_TYPE_UNSURE_DIALOG (pr_unsure_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PrUnsureDialog, pr_unsure_dialog, PR, UNSURE_DIALOG, GtkWindow)

PrUnsureDialog *pr_unsure_dialog_new     (GtkWindow      *parent,
                                          PrSession      *session);
void            pr_unsure_dialog_refresh (PrUnsureDialog *dialog);
GtkListBox     *pr_unsure_dialog_get_list (PrUnsureDialog *dialog);
gboolean        pr_unsure_dialog_get_busy (PrUnsureDialog *dialog);
const char     *pr_unsure_dialog_get_learned (PrUnsureDialog *dialog);
const char     *pr_unsure_dialog_get_summary (PrUnsureDialog *dialog);
PrUnsureDialog *pr_window_get_unsure_dialog (PrWindow      *window);

G_END_DECLS
