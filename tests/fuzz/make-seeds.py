#!/usr/bin/env python3
# Writes the seed corpora of tests/fuzz/corpus/ from hand-made inputs and
# a few records of data/sample-petitions.csv (the bundled sample, nothing
# else): python3 tests/fuzz/make-seeds.py. Inputs the fuzzers found are
# added by hand beside them (crash-*), and kept.
import csv
import io
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
corpus = os.path.join(root, 'tests', 'fuzz', 'corpus')

with open(os.path.join(root, 'data', 'sample-petitions.csv'), encoding='utf-8', newline='') as f:
    text = f.read()
lines = text.splitlines(keepends=True)
rows = list(csv.reader(io.StringIO(text)))
header, records = rows[0], rows[1:]


def write(target, name, data):
    os.makedirs(os.path.join(corpus, target), exist_ok=True)
    with open(os.path.join(corpus, target, name), 'wb') as f:
        f.write(data)


# CSV reader: encoding selector, bytes per read (0: all), the file.
UTF8, GB18030, UTF16LE, BIG5, GBK, UTF16 = 0, 1, 2, 3, 5, 6
sample = ''.join(lines[:4])
write('csv-reader', 'sample-utf8', bytes([UTF8, 0]) + sample.encode())
write('csv-reader', 'sample-utf8-short-reads', bytes([UTF8, 7]) + sample.encode())
write('csv-reader', 'sample-utf8-one-byte-reads', bytes([UTF8, 1]) + ''.join(lines[:2]).encode())
write('csv-reader', 'sample-gb18030', bytes([GB18030, 0]) + sample.encode('gb18030'))
write('csv-reader', 'sample-gb18030-short-reads', bytes([GB18030, 5]) + ''.join(lines[:2]).encode('gb18030'))
write('csv-reader', 'sample-gbk', bytes([GBK, 3]) + ''.join(lines[:2]).encode('gbk', errors='replace'))
write('csv-reader', 'sample-utf16le', bytes([UTF16LE, 0]) + ''.join(lines[:2]).encode('utf-16-le'))
write('csv-reader', 'sample-utf16-bom', bytes([UTF16, 9]) + ''.join(lines[:2]).encode('utf-16'))
write('csv-reader', 'sample-big5', bytes([BIG5, 0]) + 'id,標題\r\n1,"學校,請處理"\r\n'.encode('big5'))
hand = {
    'quoted': b'id,body\r\n1,"a ""quoted"" word, and a\r\nline break"\r\n2,plain\r\n',
    'lone-cr': b'id,body\r1,one\r2,"two\rlines"\r',
    'blank-lines': b'\n\nid,body\n\n1,x\n\n\n2,""\n',
    'bom': b'\xef\xbb\xbfid,body\n1,x\n',
    'unterminated-quote': b'id,body\n1,"never closed\n2,x\n',
    'stray-quote': b'id,body\n1,ab"c\n',
    'after-closing-quote': b'id,body\n1,"ab"c\n',
    'invalid-utf8': b'id,body\n1,\xe4\xb8\n',
    'nul': b'id,body\n1,a\x00b\n',
    'ragged': b'a,b,c\n1\n1,2,3,4,5\n,,\n',
    'dates': '日期,id\n2019/2/28 11:25:05,1\n2019-06-08 17:31:20,2\n2019年6月8日,3\n2019.6.8,4\n'
             '20190608,5\n2019-13-45 99:99:99,6\n2019年6月8日 8时5分,7\n'.encode(),
    'ids': b'id,id2\nA7,A10\n007,7\n1e3,1000\n-1,+1\n',
    # A Ctrl-Z inside quotes is the value's, before the closing quote or after the opening one.
    'end-mark-inside-quotes': b'id,body\r\n1,"aaa\x1a"\r\n2,bbb\r\n"\x1a3",c\r\n',
}
for name, data in hand.items():
    write('csv-reader', name, bytes([UTF8, 0]) + data)
    write('csv-reader', name + '-short-reads', bytes([UTF8, 2]) + data)
write('csv-reader', 'truncated-gb18030', bytes([GB18030, 0]) + 'id,标题\n1,请'.encode('gb18030')[:-1])
write('csv-reader', 'invalid-big5', bytes([BIG5, 0]) + b'id,body\n1,\xff\xff\n')

# Fingerprinter: flags (tokenizer flags | part kind << 2), shingle words and
# window (0: default), then petitioner, subject, body and phone, 0x1E apart.
col = {name: i for i, name in enumerate(header)}


def record(flags, kind, q, w, values):
    return bytes([flags | kind << 2, q, w]) + b'\x1e'.join(v.encode() if isinstance(v, str) else v
                                                         for v in values)


for i, r in enumerate(records[:12]):
    values = [r[col['petitioner']], r[col['subject']], r[col['body']], r[col['phone']]]
    flags, kind = i % 4, i % 3
    write('fingerprinter', 'sample-%02d' % i, record(flags, kind, (i * 3) % 17, (i * 7) % 65, values))
hand = {
    'empty': (0, 0, 0, 0, ['']),
    'none': (0, 0, 0, 0, []),
    'traditional': (1, 1, 0, 0, ['陳大文', '學校門口違規停車', '學校門口每天早上都有車輛違規停車，請相關部門處理。', '0912-345-678']),
    'fullwidth': (0, 2, 5, 6, ['ＡＢＣ', 'ＡＢＣ１２３', 'ＡＢＣ１２３　ｄｅｆ！　㏠㍻', '１３８ ００００ １１１１']),
    'combining': (2, 1, 0, 0, ['e\u0301', 'cafe\u0301 re\u0301sume\u0301', 'a\u00adb\u00adc co\u00adop', '']),
    'english': (0, 1, 0, 0, ['John Smith', 'Road repair', 'The road outside No. 5 has a hole; it has been there since May. Please fix it!', '555 0100']),
    'emoji': (3, 2, 1, 1, ['😀', '👍🏽 好', '你好😀世界👨‍👩‍👧，再见。', '']),
    'punctuation': (0, 1, 0, 0, ['', '。。。', '一、二、三：四；五……六！七？八\n九,十', '']),
    'long-clause': (0, 1, 0, 0, ['', '', '的' * 40 + '我们的小区门口有一条路坏了很久没有人修' * 3, '']),
    'invalid-utf8': (0, 0, 0, 0, ['a', b'\xe4\xb8', 'b', 'c']),
    'nul': (0, 0, 0, 0, ['a', 'b\x00c', 'd', 'e']),
    'shingles-max': (0, 2, 16, 64, ['', '', ' '.join('w%d' % n for n in range(200)), '']),
    'shingles-min': (0, 2, 1, 1, ['', 'a b c', 'a b c d e f g h', '']),
    'white-space': (0, 1, 0, 0, [' 张 三 ', '反映丰\r\n收路', '我家住在丰\r\n收路， 楼下烧烤店油\n烟扰民。\u3000\r2019年 反映过，'
                                 '\u2028请求处理。 ab\ncd  \t3.5\r\n', ' 138 0000\n1111 ']),
}
for name, (flags, kind, q, w, values) in hand.items():
    write('fingerprinter', name, record(flags, kind, q, w, values))

# Mapping: one operation a line (i id, d date, s short, t text, g ignore,
# p petitioner, P --petitioner); an empty line starts the second mapping.
hand = {
    'sample': 'iid\ndsubmitted_at\nsphone\nspetitioner\nssubject:3\ntbody\npphone\n',
    'weights': 'sa:0\nsb:1e6\nsc:1000001\nsd:-1\nse:nan\nsf:inf\ntg:0x10\nth:1.5e2\nti:\n',
    'colons': 'sa:b\nsa:b:2\nt:\nt::\nt:3\ntc:d:e\n',
    'twice': 'ia\nib\nda\ndc\ndd\nsx\ntx\ngx\n',
    'petitioners': 'Pname\nPname\npnobody\ntbody\npbody\nPbody\n',
    'empty-names': 's\nt\ni\nd\ng\nP\n',
    'describe-collision': 'sa:1 text=b\n\nsa:1\ntb:2\n',
    'same-two': 'sa\ntb:1.5\n\nsa:2\ntb:1.5\n',
    'chinese': 's姓名\nt内容:1.5\ni编号\nd日期\np姓名\n\nt内容\ns姓名:2\n',
}
for name, data in hand.items():
    write('mapping', name, data.encode())

# The write-back log's old_values: rows as the writer before json-glib
# wrote them, the escapes JSON has, and damage of each kind the reader
# refuses.
hand = {
    'two-columns': '{"old":{"repeat_of":null,"status":""},"new":{"repeat_of":"12","status":"重复"}}',
    'one-column': '{"old":{"repeat_of":"5"},"new":{"repeat_of":null}}',
    'escapes': '{"old":{"状态 \\"st\\" `x`":"旧\\"\\\\/\\n\\r\\t\\u0001\\u001f\\b\\f\\/ 😀"},'
               '"new":{"状态 \\"st\\" `x`":"\\u4e2d\\ud83d\\ude00\\uDBFF\\uDFFF"}}',
    'spaces-new-first': ' {\n "new" : { "s" : null } ,\r\n\t"old" : { "s" : "x" } } ',
    'duplicate-name': '{"old":{"a":"1","a":"2"},"new":{"a":"3","a":"4"}}',
    'nul-escape': '{"old":{"s":"a\\u0000b"},"new":{"s":null}}',
    'lone-surrogate': '{"old":{"s":"\\ud800\\u0041"},"new":{"s":"\\udc00"}}',
    'unknown-escape': '{"old":{"s":"\\x41"},"new":{"s":null}}',
    'single-quotes': "{'old':{'s':'a'},'new':{'s':null}}",
    'raw-control': '{"old":{"s":"a\x01\x1f"},"new":{"s":null}}',
    'nested': '{"old":{"s":{"t":[1,true]}},"new":{"s":null}}',
    'different-columns': '{"old":{"a":null,"b":null},"new":{"b":null,"a":null}}',
    'cut-short': '{"old":{"s":"abc\\u12',
}
for name, data in hand.items():
    write('old-values', name, data.encode())
write('old-values', 'deep', b'[' * 5000)
write('old-values', 'invalid-utf8', b'{"old":{"s":"\xed\xa0\x80\xff"},"new":{"s":null}}')

# Encoding check: values separated by NUL bytes.
bodies = [r[header.index('body')] for r in records[:2]]
write('encoding-check', 'sample-utf8', b'\0'.join(b.encode() for b in bodies))
write('encoding-check', 'sample-gbk', b'\0'.join(b.encode('gbk', errors='replace') for b in bodies))
write('encoding-check', 'sample-utf8-as-latin1', bodies[0].encode().decode('latin-1').encode())
write('encoding-check', 'sample-gbk-as-cp1252',
      bodies[0].encode('gbk', errors='replace').decode('cp1252', errors='replace').encode())
write('encoding-check', 'latin1-words', 'Müller café crème'.encode('latin-1') + b'\0' + 'abc\x85'.encode())
write('encoding-check', 'gb18030-four-byte', '\U00020000中'.encode('gb18030'))
# UTF-8 with the five bytes CP1252 leaves undefined dropped, as bytes and
# as CP1252 read them.
dropped = bytes(b for b in bodies[0].encode() if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D))
write('encoding-check', 'sample-utf8-dropped-as-cp1252', dropped + b'\0' + dropped.decode('cp1252').encode())
# UTF-8 read by decoders that drop what they cannot read (EUC-JP,
# ISO-8859-7) and as Mac Cyrillic: Chinese text read in another encoding.
write('encoding-check', 'sample-utf8-as-euc-jp-dropped',
      b'\0'.join(b.encode().decode('euc_jp', errors='ignore').encode() for b in bodies))
write('encoding-check', 'sample-utf8-as-greek-and-mac-cyrillic',
      bodies[0].encode().decode('iso8859_7', errors='ignore').encode() + b'\0' +
      bodies[1].encode().decode('mac_cyrillic').encode())
