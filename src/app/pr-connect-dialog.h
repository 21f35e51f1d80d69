/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "pr-connection.h"

G_BEGIN_DECLS

#define PR_TYPE_CONNECT_DIALOG (pr_connect_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PrConnectDialog, pr_connect_dialog, PR, CONNECT_DIALOG, GtkWindow)

PrConnectDialog *pr_connect_dialog_new (GtkWindow *parent,
                                        GSettings *settings);
void             pr_connect_dialog_select_profile (PrConnectDialog *dialog,
                                                   guint            index);
gboolean         pr_connect_dialog_get_keep_password (PrConnectDialog *dialog);

G_END_DECLS
