/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _PrOutputFile PrOutputFile;

PrOutputFile  *pr_output_file_new           (const char    *path,
                                             GError       **error);
GOutputStream *pr_output_file_get_stream    (PrOutputFile  *self);
const char    *pr_output_file_get_temp_path (PrOutputFile  *self);
const char    *pr_output_file_get_path      (PrOutputFile  *self);
gboolean       pr_output_file_commit        (PrOutputFile  *self,
                                             GError       **error);
void           pr_output_file_free          (PrOutputFile  *self);

void           pr_output_file_remove_on_signal (void);
void           pr_output_file_remove_temps     (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrOutputFile, pr_output_file_free)

G_END_DECLS
