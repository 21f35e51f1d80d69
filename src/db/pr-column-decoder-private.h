/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "pr-mapping.h"
#include "pr-record-set.h"

G_BEGIN_DECLS

typedef struct _PrColumnDecoder PrColumnDecoder;

PrColumnDecoder *_pr_column_decoder_new    (const PrMapping   *mapping,
                                            const char        *table,
                                            gboolean           binary_id);
void             _pr_column_decoder_set_advice (PrColumnDecoder *decoder,
                                                PrAdvice         advice);
void             _pr_column_decoder_set_unicode (PrColumnDecoder *decoder,
                                                const gboolean  *unicode);
void             _pr_column_decoder_set_east_asian (PrColumnDecoder    *decoder,
                                                   const char *const *encodings);
void             _pr_column_decoder_free   (PrColumnDecoder   *decoder);
char            *_pr_column_decoder_hex    (const char        *bytes,
                                            gsize              length);
gboolean         _pr_column_decoder_row    (PrColumnDecoder   *decoder,
                                            const char       **values,
                                            gsize             *lengths,
                                            guint64            row,
                                            GError           **error);
const PrEncodingValue *_pr_column_decoder_get_known (PrColumnDecoder *decoder);
void             _pr_column_decoder_set_lenient (PrColumnDecoder *decoder,
                                                 gboolean         lenient);
const char      *_pr_column_decoder_get_unreadable (PrColumnDecoder *decoder,
                                                    int             *column);
gboolean         _pr_column_decoder_finish (PrColumnDecoder   *decoder,
                                            GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PrColumnDecoder, _pr_column_decoder_free)

G_END_DECLS
