// rulehub site search: reads the index `rulehub build` writes under
// search/<lang>/ (see src/site/search/index.rs for the format), fetching
// only the manifest, the shard of each word typed and the document files
// of the results shown. Everything shown is set as text, never as HTML.
(function () {
  'use strict';
  var form = document.querySelector('form.site-search');
  if (!form || !window.fetch || !String.prototype.normalize) return;
  var input = form.querySelector('input[type=search]');
  var panel = form.querySelector('.search-results');
  var status = form.querySelector('.search-status');
  var folder = form.getAttribute('data-index');
  var MAX_RESULTS = 10;
  var cache = {};

  function load(path) {
    if (!cache[path]) {
      cache[path] = fetch(folder + path).then(function (r) {
        if (!r.ok) throw new Error('search index: ' + r.status + ' for ' + path);
        return r.json();
      });
    }
    return cache[path];
  }

  // The index's folding: lowercase, canonical decomposition, marks dropped.
  function fold(word) {
    return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  }

  function words(text) {
    return (text.match(/[\p{L}\p{N}]+/gu) || []).map(fold).filter(function (w) {
      return w.length >= 2 || /^\p{N}+$/u.test(w);
    });
  }

  function hex(key) {
    return Array.from(new TextEncoder().encode(key), function (b) {
      return b.toString(16).padStart(2, '0');
    }).join('');
  }

  // The shard holding `term`: its longest key that `term` starts with.
  function shardOf(manifest, term) {
    var best = null;
    manifest.keys.forEach(function (key) {
      if (term.startsWith(key) && (!best || key.length > best.length)) best = key;
    });
    return best === null ? Promise.resolve(null) : load('t/' + hex(best) + '.json');
  }

  function postings(shard, stem) {
    var list = shard && shard.s[stem];
    var out = new Map();
    if (!list) return out;
    var doc = 0;
    for (var i = 0; i + 1 < list.length; i += 2) {
      doc += list[i];
      out.set(doc, list[i + 1]);
    }
    return out;
  }

  // Scores by document for one word: its own stem (through the word forms
  // the index saw), stems that start with it while it is being typed, or
  // else the longest stem it starts with (a form the hub never used).
  function scoresFor(manifest, word, typing) {
    return shardOf(manifest, word).then(function (shard) {
      if (!shard) return new Map();
      var wanted = []; // [stem, factor]
      if (shard.s[word]) wanted.push([word, 1]);
      if (shard.f[word]) wanted.push([shard.f[word], 1]);
      if (typing) {
        Object.keys(shard.s).forEach(function (t) {
          if (t !== word && t.startsWith(word)) wanted.push([t, 0.6]);
        });
        Object.keys(shard.f).forEach(function (f) {
          if (f !== word && f.startsWith(word)) wanted.push([shard.f[f], 0.6]);
        });
      }
      if (!wanted.length) {
        var best = '';
        Object.keys(shard.s).concat(Object.keys(shard.f)).forEach(function (t) {
          if (t.length >= 3 && t.length >= word.length - 4 && word.startsWith(t) && t.length > best.length) best = t;
        });
        if (best) wanted.push([shard.s[best] ? best : shard.f[best], 0.8]);
      }
      wanted = wanted.slice(0, 64);
      return Promise.all(wanted.map(function (w) {
        return shard.s[w[0]] ? Promise.resolve(shard) : shardOf(manifest, w[0]);
      })).then(function (shards) {
        var scores = new Map();
        wanted.forEach(function (w, i) {
          postings(shards[i], w[0]).forEach(function (weight, doc) {
            var score = weight * w[1];
            if (!(scores.get(doc) >= score)) scores.set(doc, score);
          });
        });
        return scores;
      });
    });
  }

  function search(query) {
    var list = words(query);
    if (!list.length) return Promise.resolve(null);
    var typing = !/\s$/.test(query);
    return load('index.json').then(function (manifest) {
      return Promise.all(list.map(function (w, i) {
        return scoresFor(manifest, w, typing && i === list.length - 1);
      })).then(function (perWord) {
        var total = perWord[0];
        perWord.slice(1).forEach(function (scores) {
          var next = new Map();
          total.forEach(function (score, doc) {
            if (scores.has(doc)) next.set(doc, score + scores.get(doc));
          });
          total = next;
        });
        var ranked = Array.from(total.entries()).sort(function (a, b) {
          return b[1] - a[1] || a[0] - b[0];
        }).slice(0, MAX_RESULTS).map(function (e) { return e[0]; });
        return Promise.all(ranked.map(function (doc) {
          return load('d/' + Math.floor(doc / manifest.per) + '.json').then(function (docs) {
            return docs[doc % manifest.per];
          });
        })).then(function (docs) {
          return { docs: docs.filter(Boolean), words: list };
        });
      });
    });
  }

  // The snippet as text nodes, the words that match in <mark>.
  function snippet(text, queryWords) {
    var span = document.createElement('span');
    span.className = 'search-hit-snippet';
    text.split(/([\p{L}\p{N}]+)/u).forEach(function (part, i) {
      var folded = fold(part);
      var hit = i % 2 === 1 && queryWords.some(function (w) {
        var stemLike = w.slice(0, Math.max(3, w.length - 2));
        return folded.startsWith(w) || (folded.length >= 3 && folded.startsWith(stemLike));
      });
      if (hit) {
        var mark = document.createElement('mark');
        mark.textContent = part;
        span.appendChild(mark);
      } else {
        span.appendChild(document.createTextNode(part));
      }
    });
    return span;
  }

  function show(result) {
    panel.textContent = '';
    if (!result) {
      panel.hidden = true;
      status.textContent = '';
      return;
    }
    panel.hidden = false;
    if (!result.docs.length) {
      status.textContent = form.getAttribute('data-no-results');
      var empty = document.createElement('p');
      empty.className = 'search-empty';
      empty.textContent = status.textContent;
      panel.appendChild(empty);
      return;
    }
    status.textContent = form.getAttribute('data-results') + ' ' + result.docs.length;
    var list = document.createElement('ol');
    result.docs.forEach(function (doc) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = doc[0];
      var title = document.createElement('span');
      title.className = 'search-hit-title';
      title.textContent = doc[2] && doc[2] !== doc[1] ? doc[1] + ' › ' + doc[2] : doc[1];
      link.appendChild(title);
      if (doc[3]) link.appendChild(snippet(doc[3], result.words));
      item.appendChild(link);
      list.appendChild(item);
    });
    panel.appendChild(list);
  }

  var latest = 0;
  function update() {
    var ticket = ++latest;
    search(input.value).then(function (result) {
      if (ticket === latest) show(result);
    }, function () {
      if (ticket === latest) {
        panel.textContent = '';
        panel.hidden = false;
        status.textContent = form.getAttribute('data-unavailable');
      }
    });
  }

  var timer = 0;
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(update, 120);
  });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      input.value = '';
      show(null);
    } else if (event.key === 'ArrowDown') {
      var first = panel.querySelector('a');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var first = panel.querySelector('a');
    if (first) window.location.href = first.href;
  });
  form.hidden = false;
})();
