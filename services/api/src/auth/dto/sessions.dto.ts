import { ApiProperty } from '@nestjs/swagger';

export class StaffSessionDto {
  @ApiProperty({ format: 'uuid' }) sessionId!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ description: 'From the browser’s User-Agent, e.g. "Chrome on Android"', example: 'Chrome on Android' }) device!: string;
  @ApiProperty({ description: 'The address the sign-in came from (behind a proxy: as TRUST_PROXY allows)' }) clientAddress!: string;
  @ApiProperty({ format: 'date-time' }) signedInAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Updated at most once a minute' }) lastSeenAt!: string;
  @ApiProperty({ description: 'The session this request was made from' }) current!: boolean;
}
