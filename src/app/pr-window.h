/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-session.h"
#include "pr-threshold-dialog.h"

G_BEGIN_DECLS

#define PR_TYPE_WINDOW (pr_window_get_type ())
G_DECLARE_FINAL_TYPE (PrWindow, pr_window, PR, WINDOW, GtkApplicationWindow)

PrWindow   *pr_window_new            (GtkApplication *application);
PrSession  *pr_window_get_session    (PrWindow       *window);
void        pr_window_open_sample    (PrWindow       *window);
void        pr_window_connect_to     (PrWindow       *window,
                                      PrConnectionParams *params);
void        pr_window_show_notice    (PrWindow       *window,
                                      const char     *text);
void        pr_window_show_error     (PrWindow       *window,
                                      const char     *what,
                                      const GError   *error);
const char *pr_window_get_error_text (PrWindow       *window);
const char *pr_window_get_summary_text (PrWindow     *window);
gboolean    pr_window_get_busy       (PrWindow       *window);
gboolean    pr_window_get_write_back (PrWindow       *window);
PrThresholdDialog *pr_window_get_threshold_dialog (PrWindow *window);

G_END_DECLS
