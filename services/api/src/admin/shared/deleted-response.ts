import { ApiProperty } from '@nestjs/swagger';

/** The answer of a delete by id. */
export class DeletedView {
  @ApiProperty() id!: string;
  @ApiProperty() deleted!: boolean;
}
