/**
 * The Redis store's operations, one Lua script each so that pruning, adding and counting happen
 * as one step even when many processes hit the same key. Each key is a sorted set of events scored
 * by their time in ms, taken from the Redis server's clock (TIME) so that processes whose clocks
 * differ still agree on the window. Writing after TIME needs effects replication: Redis 5 or later.
 *
 * Both return { count, resetInMs }.
 */

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
`;

/** ARGV: windowMs, a member unique to this call, the most events kept, how many events. */
export const RECORD_SCRIPT = `${NOW}
for i = 1, tonumber(ARGV[4]) do
  redis.call('ZADD', KEYS[1], now, ARGV[2] .. ':' .. i)
end
local count = redis.call('ZCARD', KEYS[1])
local keep = tonumber(ARGV[3])
if count > keep then
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, count - keep - 1)
  count = keep
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], window)
return { count, tonumber(oldest[2]) + window - now }
`;

/** ARGV: windowMs. */
export const PEEK_SCRIPT = `${NOW}
local count = redis.call('ZCARD', KEYS[1])
if count == 0 then return { 0, 0 } end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { count, tonumber(oldest[2]) + window - now }
`;
