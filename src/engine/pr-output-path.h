/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sys/stat.h>

#include <gio/gio.h>

G_BEGIN_DECLS

char     *pr_output_path_resolve (const char   *path,
                                  struct stat  *st,
                                  gboolean     *exists,
                                  GError      **error);
gboolean  pr_output_path_check   (const char   *path,
                                  GError      **error);

char     *pr_output_path_identity (const char   *path,
                                   gboolean      output,
                                   GError      **error);

G_END_DECLS
