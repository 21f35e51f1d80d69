/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PR_TYPE_DOS_END_STREAM (pr_dos_end_stream_get_type ())
G_DECLARE_FINAL_TYPE (PrDosEndStream, pr_dos_end_stream, PR, DOS_END_STREAM, GFilterInputStream)

GInputStream *pr_dos_end_stream_new (GInputStream *base);

G_END_DECLS
